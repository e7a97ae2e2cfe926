import fp from 'fastify-plugin';
import { purgePendingIcons } from './icons.service.js';

/** The purge of never-saved icons (a minute after start, then every ten minutes). */
export const iconPurgePlugin = fp(
  async (app) => {
    let first: NodeJS.Timeout | undefined;
    let timer: NodeJS.Timeout | undefined;
    const purge = () =>
      purgePendingIcons(app.deps).catch((error: unknown) =>
        app.log.warn({ err: error }, 'icon purge failed'),
      );
    app.addHook('onReady', async () => {
      // A minute after start (not during the start itself), then every ten minutes.
      first = setTimeout(() => void purge(), 60 * 1000);
      timer = setInterval(() => void purge(), 600 * 1000);
      first.unref();
      timer.unref();
    });
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  },
  { name: 'icon-purge' },
);
