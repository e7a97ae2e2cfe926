import type { Executor } from '../db/database.js';

export interface SessionRow {
  readonly id: string;
  readonly user_id: number | null;
  readonly csrf_token: string;
  readonly data: Record<string, unknown>;
  readonly last_activity_at: Date;
  readonly expires_at: Date;
}

/** A session that has not expired, by the hash of its id. */
export async function findSession(db: Executor, id: string, now: Date): Promise<SessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id', 'csrf_token', 'data', 'last_activity_at', 'expires_at'])
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function insertSession(
  db: Executor,
  session: {
    id: string;
    userId: number | null;
    csrfToken: string;
    now: Date;
    expiresAt: Date;
    ipAddress?: string;
    userAgent?: string | undefined;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      user_id: session.userId,
      csrf_token: session.csrfToken,
      created_at: session.now,
      last_activity_at: session.now,
      expires_at: session.expiresAt,
      ip_address: session.ipAddress ?? null,
      user_agent: session.userAgent?.slice(0, 1000) ?? null,
    })
    .execute();
}

export async function deleteSession(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

/** Ends every session of the user (password change or reset, account deletion). */
export async function deleteUserSessions(db: Executor): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', 'is not', null).execute();
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

export async function touchSession(db: Executor, id: string, now: Date, expiresAt?: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_activity_at: now, ...(expiresAt ? { expires_at: expiresAt } : {}) })
    .where('id', '=', id)
    .execute();
}

export async function writeSessionData(
  db: Executor,
  id: string,
  data: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ data: JSON.stringify(data) })
    .where('id', '=', id)
    .execute();
}

/** The signed-in sessions that have not expired, most recently active first. */
export async function listUserSessions(db: Executor, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_activity_at', 'ip_address', 'user_agent'])
    .where('user_id', 'is not', null)
    .where('expires_at', '>', now)
    .orderBy('last_activity_at', 'desc')
    .execute();
}

/** Ends every signed-in session but one (the caller's). */
export async function deleteOtherUserSessions(db: Executor, keep: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', 'is not', null).where('id', '!=', keep).execute();
}
