import type { Executor, Transaction } from '../db/database.js';

/** The single user, if someone registered. */
export async function findUser(db: Executor) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash', 'webauthn_handle'])
    .executeTakeFirst();
}

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** Creates the user; undefined when one already exists (the `singleton` unique key). */
export async function insertUser(
  db: Executor,
  user: { name: string; email: string; passwordHash: string; webauthnHandle: string; now: Date },
): Promise<UserRow | undefined> {
  return db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      password_hash: user.passwordHash,
      webauthn_handle: user.webauthnHandle,
      created_at: user.now,
      updated_at: user.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['id', 'name', 'email', 'password_hash', 'webauthn_handle'])
    .executeTakeFirst();
}

export async function updateProfile(
  db: Executor,
  id: number,
  profile: { name: string; email: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ name: profile.name, email: profile.email, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(db: Executor, id: number, hash: string, now: Date): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}

/**
 * Everything the user owns, in one transaction: accounts, groups, tokens, devices,
 * reset/recovery tokens, settings (native ones return to their defaults), the backup key and
 * schedule, sessions, then the user.
 * Returns the icon file names to delete once the transaction has committed.
 */
export async function deleteEverything(trx: Transaction): Promise<string[]> {
  const accountIcons = await trx
    .selectFrom('twofaccounts')
    .select('icon')
    .where('icon', 'is not', null)
    .execute();
  const pendingIcons = await trx.selectFrom('pending_icons').select('filename').execute();
  await trx.deleteFrom('twofaccounts').execute();
  await trx.deleteFrom('groups').execute();
  await trx.deleteFrom('pending_icons').execute();
  await trx.deleteFrom('personal_access_tokens').execute();
  await trx.deleteFrom('webauthn_credentials').execute();
  await trx.deleteFrom('device_copies').execute();
  await trx.deleteFrom('auth_tokens').execute();
  await trx.deleteFrom('settings').execute();
  // The backup key and schedule: a next user's accounts must never be backed up under a password
  // the previous one knows. Backup files already written stay in BACKUP_DIR for the operator.
  await trx.deleteFrom('backup_settings').execute();
  await trx.deleteFrom('sessions').where('user_id', 'is not', null).execute();
  await trx.deleteFrom('login_throttles').execute();
  // The alerts: channel addresses and secrets, subscribed apps, seen devices, kinds turned on.
  for (const table of [
    'alert_channels',
    'alert_push_subscriptions',
    'alert_seen_devices',
    'alert_kinds',
  ] as const)
    await trx.deleteFrom(table).execute();
  // Both security logs go with the user (the code log outlives a deleted account, not the user).
  await trx.deleteFrom('auth_log').execute();
  await trx.deleteFrom('otp_log').execute();
  await trx.deleteFrom('code_views').execute();
  await trx.deleteFrom('users').execute();
  return [
    ...new Set([
      ...accountIcons.flatMap((row) => (row.icon ? [row.icon] : [])),
      ...pendingIcons.map((row) => row.filename),
    ]),
  ];
}
