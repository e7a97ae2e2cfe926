import { randomBytes } from 'node:crypto';
import type { Deps } from '../shared/deps.js';
import { toTimestamp } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';
import {
  deleteDeviceCopy,
  insertDeviceCopy,
  listDeviceCopies,
  markRefreshed,
} from './device-copies.queries.js';

type Pieces = Pick<Deps, 'db' | 'clock'>;

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

export async function registerDeviceCopy(deps: Pieces, name: string, userAgent: string | undefined) {
  const row = await insertDeviceCopy(deps.db, {
    id: randomBytes(16).toString('hex'),
    name: name.trim() || name,
    userAgent: shortUserAgent(userAgent),
    now: deps.clock.now(),
  });
  return toDeviceCopy(row);
}

export async function deviceCopies(deps: Pieces) {
  return (await listDeviceCopies(deps.db)).map(toDeviceCopy);
}

/** A revoked copy's refresh is refused (404): its device then erases the copy. */
export async function refreshDeviceCopy(deps: Pieces, id: string) {
  const row = await markRefreshed(deps.db, id, deps.clock.now());
  if (!row) throw errors.notFound();
  return toDeviceCopy(row);
}

export async function revokeDeviceCopy(deps: Pieces, id: string): Promise<void> {
  if (!(await deleteDeviceCopy(deps.db, id))) throw errors.notFound();
}
