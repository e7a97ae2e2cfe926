import type { FastifyRequest } from 'fastify';
import type { Deps } from '../shared/deps.js';
import { recordAuthentication } from './auth-log.service.js';

/*
 * Where tokens and proxy users were last seen, written at most once a minute per token (and once
 * per 12 hours per proxy user, address and browser) so the API's hot path never waits on a write.
 */

const TOKEN_WRITE_EVERY_MS = 60_000;
const PROXY_VISIT_EVERY_MS = 12 * 3600 * 1000;
const MAX_REMEMBERED = 10_000;

const lastWrites = new WeakMap<Deps, Map<string, number>>();

/** True when `key` was not noted within `everyMs` (and notes it now). */
function due(deps: Deps, key: string, everyMs: number): boolean {
  let seen = lastWrites.get(deps);
  if (!seen) {
    seen = new Map<string, number>();
    lastWrites.set(deps, seen);
  }
  const now = deps.clock.now().getTime();
  const last = seen.get(key);
  if (last !== undefined && now - last < everyMs && now >= last) return false;
  if (seen.size >= MAX_REMEMBERED) seen.clear();
  seen.set(key, now);
  return true;
}

/** Notes what an authenticated request tells: a token's last use, a proxy user's visit. */
export function noteCaller(request: FastifyRequest): void {
  const { deps } = request.server;
  const caller = request.caller;
  if (caller?.kind === 'token') {
    if (!due(deps, `token:${caller.tokenId}`, TOKEN_WRITE_EVERY_MS)) return;
    void deps.db
      .updateTable('personal_access_tokens')
      .set({ last_used_at: deps.clock.now(), last_used_ip: request.ip })
      .where('id', '=', caller.tokenId)
      .execute()
      .catch((error: unknown) => request.log.error({ err: error }, 'token last use could not be written'));
  } else if (caller?.kind === 'proxy') {
    const userAgent = request.headers['user-agent'];
    if (!due(deps, `proxy:${caller.name}|${request.ip}|${userAgent ?? ''}`, PROXY_VISIT_EVERY_MS)) return;
    void recordAuthentication(
      deps,
      { ip: request.ip, userAgent, log: request.log },
      {
        event: 'login',
        method: 'proxy',
      },
    );
  }
}
