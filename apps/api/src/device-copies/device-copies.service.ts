import { randomBytes } from 'node:crypto';
import type { Deps } from '../shared/deps.js';
import { toTimestamp } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';
import { deleteSession } from '../auth/sessions.queries.js';
import { recordSignOut, type Requester } from '../auth-log/auth-log.service.js';
import { revokeToken } from '../tokens/tokens.queries.js';
import {
  deleteDeviceCopy,
  deviceCopyExists,
  insertDeviceCopy,
  listDeviceCopies,
  markRefreshed,
  type RefreshedBy,
} from './device-copies.queries.js';

type Pieces = Pick<Deps, 'db' | 'clock'>;

/** The caller's web session, if it is one: a copy is tied to the session of its device. */
export type CallerSession = string | null;

interface DeviceCopyRow {
  readonly id: string;
  readonly name: string;
  readonly user_agent: string;
  readonly created_at: Date;
  readonly refreshed_at: Date;
}

function toDeviceCopy(row: DeviceCopyRow) {
  return {
    id: row.id,
    name: row.name,
    user_agent: row.user_agent,
    created_at: toTimestamp(row.created_at),
    refreshed_at: toTimestamp(row.refreshed_at),
  };
}

/** A user agent is only shown to the user: cut to the column's size rather than refused. */
function shortUserAgent(userAgent: string | undefined): string {
  return (userAgent ?? '').slice(0, 512);
}

/**
 * Records a device copy: from the web app (tied to its session), or the browser extension's, made
 * when its `read` pairing issues the token the copy is tied to (revoking one revokes the other).
 */
export async function registerDeviceCopy(
  deps: Pieces,
  name: string,
  userAgent: string | undefined,
  sessionId: CallerSession,
  tokenId: string | null = null,
) {
  const row = await insertDeviceCopy(deps.db, {
    id: randomBytes(16).toString('hex'),
    name: name.trim() || name,
    userAgent: shortUserAgent(userAgent),
    sessionId,
    tokenId,
    now: deps.clock.now(),
  });
  return toDeviceCopy(row);
}

export async function deviceCopies(deps: Pieces) {
  return (await listDeviceCopies(deps.db)).map(toDeviceCopy);
}

/**
 * A revoked copy's refresh is refused (404): its device then erases the copy. A token may refresh
 * only the copy tied to it (any other is unknown to it: 404).
 */
export async function refreshDeviceCopy(deps: Pieces, id: string, by: RefreshedBy) {
  const row = await markRefreshed(deps.db, id, by, deps.clock.now());
  if (!row) throw errors.notFound();
  return toDeviceCopy(row);
}

/**
 * A refresh without a signed-in caller: a revoked copy's device has been signed out too, and still
 * learns that its copy is revoked (404) and erases it; a live copy needs a caller (401).
 */
export async function refuseAnonymousRefresh(deps: Pieces, id: string): Promise<never> {
  if (await deviceCopyExists(deps.db, id)) throw errors.unauthenticated();
  throw errors.notFound();
}

/**
 * Revokes a copy and signs its device out: the web session it was last refreshed from ends, unless
 * it is the caller's own (a device turning its own copy off stays signed in); the token tied to it
 * (the browser extension's) is revoked.
 */
export async function revokeDeviceCopy(
  deps: Deps,
  who: Requester,
  id: string,
  callerSession: CallerSession,
): Promise<void> {
  const row = await deleteDeviceCopy(deps.db, id);
  if (!row) throw errors.notFound();
  if (row.token_id !== null) await revokeToken(deps.db, row.token_id, deps.clock.now());
  const deviceSession = row.session_id;
  if (deviceSession === null || deviceSession === callerSession) return;
  await deleteSession(deps.db, deviceSession);
  await recordSignOut(deps, who, deviceSession);
}
