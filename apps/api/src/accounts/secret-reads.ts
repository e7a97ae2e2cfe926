import type { Caller } from '../http/fastify-types.js';
import type { Deps } from '../shared/deps.js';
import type { ReadFlags } from './accounts.reads.js';

/**
 * A token's read of the accounts with their secrets is an export: it raises the export alert
 * (once an hour per token: the alerts keep count). The web app's own reads (a session, or the
 * reverse proxy's user: the offline copy's refresh, the edit form) do not.
 */
export function alertSecretsRead(deps: Pick<Deps, 'alerts'>, caller: Caller | null, flags: ReadFlags): void {
  if (flags.withSecret && caller?.kind === 'token')
    deps.alerts.raise({ kind: 'secrets_read', tokenId: caller.tokenId });
}
