import { sql, type Kysely } from 'kysely';

// Kysely migrations must accept any database: the typed DB does not exist yet at this point.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/*
 * Alerts: the kinds the user turned on, the channels they configured, the devices already seen and
 * the server's VAPID key pair for Web Push.
 * - `alert_kinds`: a row per kind once set (none: off). `enabled` is read for the kinds of Twofold's own; the new-device
 *   and failed sign-in kinds follow 2FAuth's preferences (`notifyOnNewAuthDevice`,
 *   `notifyOnFailedLogin`) in `settings`. `last_raised_at` lets one alert stand for a burst
 *   (failed sign-ins), claimed by a conditional update so replicas agree.
 * - `alert_channels`: one row per channel type; `target` holds its address, token and secret as
 *   JSON encrypted with the app key (they may carry credentials), never sent back in clear.
 * - `alert_push_subscriptions`: the installed apps' Web Push subscriptions, encrypted likewise.
 * - `alert_seen_devices`: an HMAC of (browser family, platform, IP range): no user agent or address
 *   is kept in clear.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('alert_kinds')
    .addColumn('kind', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_raised_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('alert_channels')
    .addColumn('type', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('last_sent_at', 'timestamptz')
    .addColumn('last_error', 'varchar(255)')
    .addColumn('last_error_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_push_subscriptions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('endpoint_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('subscription', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_seen_devices')
    .addColumn('device_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('alert_vapid_keys')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('public_key', 'varchar(255)', (c) => c.notNull())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'alert_vapid_keys',
    'alert_seen_devices',
    'alert_push_subscriptions',
    'alert_channels',
    'alert_kinds',
  ])
    await db.schema.dropTable(table).execute();
}
