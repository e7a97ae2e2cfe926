import type { Executor } from '../db/database.js';

export type AuthEvent = 'login' | 'failed' | 'logout' | 'lockout';

export interface NewAuthLogRow {
  readonly event: AuthEvent;
  readonly ipAddress: string | null;
  readonly userAgent: string | null;
  readonly loginSuccessful: boolean;
  readonly loginMethod: string | null;
  readonly sessionId: string | null;
  readonly at: Date;
}

export async function insertAuthLog(db: Executor, row: NewAuthLogRow): Promise<void> {
  await db
    .insertInto('auth_log')
    .values({
      event: row.event,
      ip_address: row.ipAddress,
      user_agent: row.userAgent?.slice(0, 1000) ?? null,
      login_at: row.event === 'logout' ? null : row.at,
      logout_at: row.event === 'logout' ? row.at : null,
      login_successful: row.loginSuccessful,
      login_method: row.loginMethod,
      session_id: row.sessionId,
      created_at: row.at,
    })
    .execute();
}

/** Closes the sign-in row of a session; false when there is none (the sign-out gets its own row). */
export async function closeSessionLog(db: Executor, sessionId: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('auth_log')
    .set({ logout_at: at })
    .where('session_id', '=', sessionId)
    .where('event', '=', 'login')
    .where('logout_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The log, newest first; `since` keeps the rows signed in or out from then on. */
export async function listAuthLog(db: Executor, since?: Date) {
  let query = db
    .selectFrom('auth_log')
    .select([
      'id',
      'event',
      'ip_address',
      'user_agent',
      'login_at',
      'logout_at',
      'login_successful',
      'login_method',
      'created_at',
    ])
    .orderBy('id', 'desc');
  if (since) {
    query = query.where((eb) => eb.or([eb('login_at', '>=', since), eb('logout_at', '>=', since)]));
  }
  return query.execute();
}

export type AuthLogRow = Awaited<ReturnType<typeof listAuthLog>>[number];

/** Deletes the rows of both security logs older than `before`. */
export async function purgeSecurityLogs(db: Executor, before: Date): Promise<void> {
  await db.deleteFrom('auth_log').where('created_at', '<', before).execute();
  await db.deleteFrom('otp_log').where('generated_at', '<', before).execute();
}
