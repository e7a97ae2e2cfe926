import fp from 'fastify-plugin';
import { reencryptStaleValues } from './encryption-at-rest.js';

/** At start, values still under a previous key are re-encrypted under APP_KEY. */
export const encryptionPlugin = fp(
  async (app) => {
    app.addHook('onReady', async () => {
      try {
        const count = await reencryptStaleValues(app.deps);
        if (count > 0) app.log.info({ accounts: count }, 're-encrypted accounts under the current key');
      } catch (error) {
        app.log.error({ err: error }, 'key rotation failed; values stay under their previous key');
      }
    });
  },
  { name: 'encryption-at-rest' },
);
