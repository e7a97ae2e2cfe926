import { sql, type Kysely } from 'kysely';

/*
 * Icons in the database, for replicas on PostgreSQL that share no folder (images/icon-store.ts,
 * DatabaseIconStore; the embedded database keeps DATA_DIR/icons and leaves this table empty).
 * Each replica keeps the set of names in memory, so every row written or deleted notifies
 * `twofold_cache` with `icon_files:<operation>:<name>` at its commit (a row trigger, unlike the
 * statement triggers of migration 0004: the listener needs the name to update its set without a
 * query).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table icon_files (
      name text primary key,
      bytes bytea not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create function twofold_notify_icon() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        perform pg_notify('twofold_cache', 'icon_files:delete:' || old.name);
      else
        perform pg_notify('twofold_cache', 'icon_files:' || lower(tg_op) || ':' || new.name);
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger icon_files_notify
    after insert or delete on icon_files
    for each row execute function twofold_notify_icon()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists icon_files`.execute(db);
  await sql`drop function if exists twofold_notify_icon()`.execute(db);
}
