import { sql, type Kysely } from 'kysely';

/*
 * The accounts' change feed (`GET /api/v1/twofaccounts/changes`): a device copy refreshes from what
 * changed since its last refresh instead of reading every account again.
 * - `twofaccounts.revision` is the id of the transaction (`xid8`) that last wrote the row, or its
 *   tags, note or recovery codes (their rows, or a tag's name). A transaction id, not a sequence:
 *   the feed's watermark is the oldest transaction still running at a read (`pg_snapshot_xmin`),
 *   so a write that commits after a read, with an older number than that read's rows, is not
 *   skipped by the next one;
 * - a deleted account leaves a tombstone with the revision of its deletion (trashing is an update:
 *   the account itself carries it);
 * - `account_change_feed` holds the feed's epoch (a random name: a database made again, or restored
 *   elsewhere, has another one, so a client's revision from before is not taken for one of its own)
 *   and its floor (tombstones pruned up to that revision: an older revision cannot be served).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table twofaccounts
      add column revision xid8 not null default pg_current_xact_id()`.execute(db);
  await sql`create index twofaccounts_revision on twofaccounts (revision)`.execute(db);
  await sql`
    create table account_tombstones (
      account_id integer primary key,
      revision xid8 not null default pg_current_xact_id(),
      removed_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index account_tombstones_revision on account_tombstones (revision)`.execute(db);
  await sql`
    create table account_change_feed (
      id boolean primary key default true check (id),
      epoch text not null,
      floor xid8 not null default '0'
    )`.execute(db);
  await sql`insert into account_change_feed (epoch) values (md5(random()::text || clock_timestamp()::text))`.execute(
    db,
  );

  await sql`
    create function twofold_account_revised() returns trigger language plpgsql as $$
    begin
      new.revision := pg_current_xact_id();
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger twofaccounts_revised before update on twofaccounts
    for each row execute function twofold_account_revised()`.execute(db);

  await sql`
    create function twofold_account_removed() returns trigger language plpgsql as $$
    begin
      insert into account_tombstones (account_id) values (old.id)
        on conflict (account_id) do update
        set revision = pg_current_xact_id(), removed_at = now();
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger twofaccounts_removed after delete on twofaccounts
    for each row execute function twofold_account_removed()`.execute(db);

  // The extras: a statement's changed rows (transition tables) bump their accounts at once.
  await sql`
    create function twofold_extras_revised() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update twofaccounts set revision = pg_current_xact_id()
          where id in (select account_id from old_rows);
      elsif tg_op = 'UPDATE' then
        update twofaccounts set revision = pg_current_xact_id()
          where id in (select account_id from old_rows union select account_id from new_rows);
      else
        update twofaccounts set revision = pg_current_xact_id()
          where id in (select account_id from new_rows);
      end if;
      return null;
    end
    $$`.execute(db);
  for (const table of EXTRAS_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_revised_insert`)} after insert on ${sql.table(table)}
      referencing new table as new_rows
      for each statement execute function twofold_extras_revised()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_revised_update`)} after update on ${sql.table(table)}
      referencing old table as old_rows new table as new_rows
      for each statement execute function twofold_extras_revised()`.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_revised_delete`)} after delete on ${sql.table(table)}
      referencing old table as old_rows
      for each statement execute function twofold_extras_revised()`.execute(db);
  }
  await sql`
    create function twofold_tag_renamed() returns trigger language plpgsql as $$
    begin
      update twofaccounts set revision = pg_current_xact_id()
        where id in (
          select account_tags.account_id from account_tags
          join new_rows on new_rows.id = account_tags.tag_id
          join old_rows on old_rows.id = new_rows.id
          where old_rows.name is distinct from new_rows.name);
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger tags_revised after update on tags
    referencing old table as old_rows new table as new_rows
    for each statement execute function twofold_tag_renamed()`.execute(db);
}

const EXTRAS_TABLES = ['account_tags', 'account_notes', 'recovery_codes'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists tags_revised on tags`.execute(db);
  for (const table of EXTRAS_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.id(`${table}_revised_${event}`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
  }
  await sql`drop trigger if exists twofaccounts_removed on twofaccounts`.execute(db);
  await sql`drop trigger if exists twofaccounts_revised on twofaccounts`.execute(db);
  await sql`drop function if exists twofold_tag_renamed()`.execute(db);
  await sql`drop function if exists twofold_extras_revised()`.execute(db);
  await sql`drop function if exists twofold_account_removed()`.execute(db);
  await sql`drop function if exists twofold_account_revised()`.execute(db);
  await sql`drop table if exists account_change_feed`.execute(db);
  await sql`drop table if exists account_tombstones`.execute(db);
  await sql`alter table twofaccounts drop column if exists revision`.execute(db);
}
