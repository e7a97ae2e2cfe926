import type { Executor } from '../db/database.js';

/** The user an identity of the provider signs in, if it is linked. */
export async function findIdentity(db: Executor, issuer: string, subject: string) {
  return db
    .selectFrom('oidc_identities')
    .select(['id', 'user_id'])
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

/** The user's link to this provider, as Settings shows it. */
export async function findUserIdentity(db: Executor, userId: number, issuer: string) {
  return db
    .selectFrom('oidc_identities')
    .select(['email', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
}

/** Whether any identity (of any provider) is linked to the user. */
export async function hasLinkedIdentity(db: Executor, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('oidc_identities')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Links the identity to the user; a former link of the user to the same provider is replaced. */
export async function linkIdentity(
  db: Executor,
  link: { userId: number; issuer: string; subject: string; email: string | null; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('oidc_identities')
      .where((eb) =>
        eb.or([
          eb.and([eb('user_id', '=', link.userId), eb('issuer', '=', link.issuer)]),
          eb.and([eb('issuer', '=', link.issuer), eb('subject', '=', link.subject)]),
        ]),
      )
      .execute();
    await trx
      .insertInto('oidc_identities')
      .values({
        user_id: link.userId,
        issuer: link.issuer,
        subject: link.subject,
        email: link.email,
        created_at: link.now,
        last_used_at: null,
      })
      .execute();
  });
}

export async function markIdentityUsed(db: Executor, id: number, email: string | null, now: Date) {
  await db.updateTable('oidc_identities').set({ last_used_at: now, email }).where('id', '=', id).execute();
}

/** Removes the user's link to this provider; true when there was one. */
export async function unlinkIdentity(db: Executor, userId: number, issuer: string): Promise<boolean> {
  const result = await db
    .deleteFrom('oidc_identities')
    .where('user_id', '=', userId)
    .where('issuer', '=', issuer)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
