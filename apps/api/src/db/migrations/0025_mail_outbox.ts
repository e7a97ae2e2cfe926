import { sql, type Kysely } from 'kysely';

/*
 * Mail waiting to be sent, for replicas on PostgreSQL that share no folder (mail/mail-outbox.ts;
 * the embedded database keeps sending at once, or writing DATA_DIR/mail, and leaves this table
 * empty). `message` is the whole e-mail sealed with APP_KEY (it may carry a single-use link), and
 * null once sent or given up. `source` names the DATA_DIR/mail file a row was moved in from: such
 * rows stay (without their message) so that a move-in run again never queues the file twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_outbox (
      id serial primary key,
      created_at timestamptz not null,
      message text,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      source text unique
    )`.execute(db);
  await sql`
    create index mail_outbox_due on mail_outbox (next_attempt_at) where message is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists mail_outbox`.execute(db);
}
