import { sql, type Kysely } from 'kysely';

/*
 * The code log outlives its accounts: a code read and then the account deleted for good must stay
 * in the log, or deleting an account would erase the trace of whoever read its codes. The foreign
 * key (and its cascading delete) goes, so no deletion can take log rows with it nor make a batch
 * of rows fail; each row keeps the account's service and account names as they were when the code
 * was read, sealed with the app key as the accounts' own fields can be (null on rows written
 * before). Rows are also merged per requester, account and minute (`times` counts the codes).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table otp_log drop constraint if exists otp_log_twofaccount_id_fkey`.execute(db);
  await db.schema.alterTable('otp_log').addColumn('service', 'text').execute();
  await db.schema.alterTable('otp_log').addColumn('account', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('otp_log').dropColumn('account').execute();
  await db.schema.alterTable('otp_log').dropColumn('service').execute();
  await sql`delete from otp_log where twofaccount_id not in (select id from twofaccounts)`.execute(db);
  await sql`
    alter table otp_log add constraint otp_log_twofaccount_id_fkey
    foreign key (twofaccount_id) references twofaccounts (id) on delete cascade`.execute(db);
}
