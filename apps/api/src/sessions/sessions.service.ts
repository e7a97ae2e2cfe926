import { createHash } from 'node:crypto';
import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { deleteOtherUserSessions, deleteSession, listUserSessions } from '../auth/sessions.queries.js';
import { agentParser } from '../auth-log/user-agent.js';
import { recordSignOut, type Requester } from '../auth-log/auth-log.service.js';
import { deviceCopyNamesBySession } from '../device-copies/device-copies.queries.js';

/** The public handle of a session row: a hash of its id, so the list never shows the key itself. */
const handleOf = (rowId: string) =>
  createHash('sha256').update(`session handle:${rowId}`).digest('base64url').slice(0, 22);

/**
 * The open web sessions, most recently active first; the caller's is `current`. A session whose
 * device keeps an offline copy is named as the user named that copy.
 */
export async function openSessions(deps: Deps, currentId: string) {
  const rows = await listUserSessions(deps.db, deps.clock.now());
  const parse = await agentParser();
  const names = await deviceCopyNamesBySession(deps.db);
  return rows.map((row) => ({
    id: handleOf(row.id),
    name: names.get(row.id) ?? null,
    ip_address: row.ip_address,
    ...parse(row.user_agent),
    created_at: new Date(row.created_at).toISOString(),
    last_active_at: new Date(row.last_activity_at).toISOString(),
    current: row.id === currentId,
  }));
}

/** Ends one session (its next request is refused); its sign-in row gets its sign-out time. */
export async function endOneSession(deps: Deps, who: Requester, handle: string): Promise<void> {
  const rows = await listUserSessions(deps.db, deps.clock.now());
  const row = rows.find((candidate) => handleOf(candidate.id) === handle);
  if (!row) throw errors.notFound();
  await deleteSession(deps.db, row.id);
  await recordSignOut(deps, who, row.id);
}

/** Ends every session but the caller's. */
export async function endOtherSessions(deps: Deps, who: Requester, currentId: string): Promise<void> {
  const rows = await listUserSessions(deps.db, deps.clock.now());
  await deleteOtherUserSessions(deps.db, currentId);
  for (const row of rows) if (row.id !== currentId) await recordSignOut(deps, who, row.id);
}
