import { hash, randomBytes, randomInt } from 'node:crypto';
import { toTimestamp } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';
import type { Deps } from '../shared/deps.js';
import { issueToken } from '../tokens/tokens.service.js';
import { findUsableToken, revokeToken } from '../tokens/tokens.queries.js';
import { registerDeviceCopy } from '../device-copies/device-copies.service.js';
import {
  decide,
  findByUserCode,
  insertAuthorization,
  markIssued,
  recordPoll,
  sweepExpired,
} from './device-authorizations.queries.js';
import type { DeviceTokenError } from './device-authorizations.schemas.js';

/*
 * Pairing a device (the browser extension, the CLI) without copying a token, in the shape of the
 * OAuth device authorization grant: the device starts a pairing and polls with its device code;
 * the signed-in user, on the web page `/connect`, compares the user code, confirms who they are
 * and approves; the device's next poll collects a personal access token of the scope it asked
 * for, once. Only hashes of the two codes are stored.
 *
 * The token's life: a `read` token (the extension's offline copy) comes with a device copy tied to
 * it, listed in Settings; a device pairing again names the token it had (`replaces`), revoked when
 * the new one is issued if its scope is the same; a device may end its own token (`endOwnToken`).
 */

export const EXPIRES_IN_SECONDS = 600;
export const POLL_INTERVAL_SECONDS = 5;
/** Expired pairings are kept this long, so that a late poll hears `expired_token`, then swept. */
const KEPT_AFTER_EXPIRY_MS = 24 * 3600 * 1000;
/** Consonants only: no digit to mistake for a letter, no vowel to spell a word; 20^8 ≈ 2^34.6 codes. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
const USER_CODE_LENGTH = 8;

export type DeviceScope = 'codes' | 'read';

const scopeOf = (stored: string): DeviceScope => (stored === 'read' ? 'read' : 'codes');

const sha256 = (value: string) => hash('sha256', value, 'hex');

/** `abcd efgh`, `ABCD-EFGH`, `abcdefgh` -> `ABCDEFGH`; null when it cannot be a user code. */
export function normaliseUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== USER_CODE_LENGTH) return null;
  return [...code].every((letter) => USER_CODE_ALPHABET.includes(letter)) ? code : null;
}

const display = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

function newUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i++) code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

export async function startAuthorization(
  deps: Deps,
  input: { client_name: string; scope: DeviceScope; replaces?: string | undefined },
  userAgent: string | undefined,
) {
  const now = deps.clock.now();
  await sweepExpired(deps.db, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS));
  const deviceCode = randomBytes(32).toString('base64url');
  const userCode = newUserCode();
  await insertAuthorization(deps.db, {
    deviceCodeHash: sha256(deviceCode),
    userCodeHash: sha256(userCode),
    clientName: input.client_name,
    scope: input.scope,
    // Only shown to the user (the device copy's listing): cut to the column's size.
    userAgent: (userAgent ?? '').slice(0, 512),
    replaces: input.replaces ?? null,
    now,
    expiresAt: new Date(now.getTime() + EXPIRES_IN_SECONDS * 1000),
  });
  const page = `${deps.config.APP_URL.replace(/\/+$/, '')}/connect`;
  return {
    device_code: deviceCode,
    user_code: display(userCode),
    verification_uri: page,
    verification_uri_complete: `${page}?code=${display(userCode)}`,
    expires_in: EXPIRES_IN_SECONDS,
    interval: POLL_INTERVAL_SECONDS,
  };
}

export type PollResult =
  | {
      readonly ok: true;
      readonly token: {
        access_token: string;
        token_type: 'Bearer';
        scope: DeviceScope;
        token_name: string;
        token_id: string;
        device_copy_id?: string;
      };
    }
  | { readonly ok: false; readonly error: DeviceTokenError };

const refused = (error: DeviceTokenError): PollResult => ({ ok: false, error });

/** A device's poll: its token once approved (and only once), else why not. */
export async function pollAuthorization(deps: Deps, deviceCode: string): Promise<PollResult> {
  const now = deps.clock.now();
  const row = await recordPoll(deps.db, sha256(deviceCode), now);
  if (!row || row.expires_at <= now || row.status === 'issued') return refused('expired_token');
  const sincePoll = row.last_polled_at ? now.getTime() - row.last_polled_at.getTime() : Infinity;
  if (sincePoll < POLL_INTERVAL_SECONDS * 1000) return refused('slow_down');
  if (row.status === 'denied') return refused('access_denied');
  if (row.status !== 'approved') return refused('authorization_pending');
  if (!(await markIssued(deps.db, row.id))) return refused('expired_token');
  const scope = scopeOf(row.scope);
  const name = row.token_name ?? row.client_name;
  const { value, token } = await issueToken(deps, { name, scope });
  if (row.replaces !== null) await revokeReplaced(deps, row.replaces, scope);
  const copy = scope === 'read' ? await registerDeviceCopy(deps, name, row.user_agent, null, token.id) : null;
  return {
    ok: true,
    token: {
      access_token: value,
      token_type: 'Bearer',
      scope,
      token_name: name,
      token_id: token.id,
      ...(copy ? { device_copy_id: copy.id } : {}),
    },
  };
}

/** The usable token a pairing replaces, if it has the pairing's scope (else none: nothing to say). */
async function replacedToken(deps: Deps, id: string | null, scope: DeviceScope) {
  if (id === null) return undefined;
  const token = await findUsableToken(deps.db, id, deps.clock.now());
  return token && token.scope === scope ? token : undefined;
}

/** Revokes the token a new pairing replaces (and its device copy); an unknown id or another scope: nothing. */
async function revokeReplaced(deps: Deps, id: string, scope: DeviceScope): Promise<void> {
  if (await replacedToken(deps, id, scope)) await revokeToken(deps.db, id, deps.clock.now());
}

/** A device ends its own token (unpaired, or its offline copy turned off): the token and its device copy. */
export async function endOwnToken(deps: Deps, tokenId: string): Promise<void> {
  await revokeToken(deps.db, tokenId, deps.clock.now());
}

/** The pending, unexpired pairing of a user code, or 404. */
async function pending(deps: Deps, userCode: string) {
  const code = normaliseUserCode(userCode);
  const row = code ? await findByUserCode(deps.db, sha256(code), deps.clock.now()) : undefined;
  if (!row || row.status !== 'pending') throw errors.notFound();
  return row;
}

export async function showAuthorization(deps: Deps, userCode: string) {
  const row = await pending(deps, userCode);
  const scope = scopeOf(row.scope);
  const replaced = await replacedToken(deps, row.replaces, scope);
  return {
    client_name: row.client_name,
    scope,
    created_at: toTimestamp(row.created_at),
    expires_at: toTimestamp(row.expires_at),
    ...(replaced ? { replaces: { name: replaced.name, created_at: toTimestamp(replaced.created_at) } } : {}),
  };
}

/** Approves (the token is named `name`, else after the device) or denies a pending pairing. */
export async function decideAuthorization(
  deps: Deps,
  userCode: string,
  decision: { approve: true; name?: string | undefined } | { approve: false },
): Promise<void> {
  const row = await pending(deps, userCode);
  const name = decision.approve ? decision.name?.trim() || row.client_name : null;
  const done = await decide(deps.db, row.id, decision.approve ? 'approved' : 'denied', name);
  if (!done) throw errors.notFound();
}
