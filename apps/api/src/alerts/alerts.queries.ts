import type { Executor } from '../db/database.js';
import type { AlertKind, ChannelType } from './alerts.schemas.js';

export async function readKindSwitches(db: Executor): Promise<Map<string, boolean>> {
  const rows = await db.selectFrom('alert_kinds').select(['kind', 'enabled']).execute();
  return new Map(rows.map((row) => [row.kind, row.enabled]));
}

export async function writeKindSwitch(db: Executor, kind: AlertKind, enabled: boolean): Promise<void> {
  await db
    .insertInto('alert_kinds')
    .values({ kind, enabled })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ enabled }))
    .execute();
}

/**
 * Claims the alert of a burst: true when no alert of this kind was raised since `since`. One
 * conditional statement, so two requests (or replicas) at once claim it only once.
 */
export async function claimBurst(db: Executor, kind: AlertKind, now: Date, since: Date): Promise<boolean> {
  const row = await db
    .insertInto('alert_kinds')
    .values({ kind, enabled: false, last_raised_at: now })
    .onConflict((oc) =>
      oc
        .column('kind')
        .doUpdateSet({ last_raised_at: now })
        .where((eb) =>
          eb.or([eb('alert_kinds.last_raised_at', 'is', null), eb('alert_kinds.last_raised_at', '<', since)]),
        ),
    )
    .returning('kind')
    .executeTakeFirst();
  return row !== undefined;
}

export interface ChannelRow {
  readonly type: string;
  readonly enabled: boolean;
  readonly target: string;
  readonly last_sent_at: Date | null;
  readonly last_error: string | null;
  readonly last_error_at: Date | null;
}

export function listChannels(db: Executor): Promise<ChannelRow[]> {
  return db
    .selectFrom('alert_channels')
    .select(['type', 'enabled', 'target', 'last_sent_at', 'last_error', 'last_error_at'])
    .orderBy('type')
    .execute();
}

export function findChannel(db: Executor, type: ChannelType): Promise<ChannelRow | undefined> {
  return db
    .selectFrom('alert_channels')
    .select(['type', 'enabled', 'target', 'last_sent_at', 'last_error', 'last_error_at'])
    .where('type', '=', type)
    .executeTakeFirst();
}

export async function saveChannel(
  db: Executor,
  channel: { type: ChannelType; enabled: boolean; target: string; now: Date },
): Promise<void> {
  const values = { enabled: channel.enabled, target: channel.target, updated_at: channel.now };
  await db
    .insertInto('alert_channels')
    .values({ type: channel.type, ...values })
    .onConflict((oc) => oc.column('type').doUpdateSet(values))
    .execute();
}

export async function deleteChannel(db: Executor, type: ChannelType): Promise<boolean> {
  const result = await db.deleteFrom('alert_channels').where('type', '=', type).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A delivery's outcome: the time of the last success, or the last failure and its reason. */
export async function recordDelivery(
  db: Executor,
  type: ChannelType,
  outcome: { readonly error?: string; readonly at: Date },
): Promise<void> {
  await db
    .updateTable('alert_channels')
    .set(
      outcome.error === undefined
        ? { last_sent_at: outcome.at }
        : { last_error: outcome.error.slice(0, 255), last_error_at: outcome.at },
    )
    .where('type', '=', type)
    .execute();
}

export async function savePushSubscription(
  db: Executor,
  row: { endpointHash: string; subscription: string; now: Date },
): Promise<number> {
  const saved = await db
    .insertInto('alert_push_subscriptions')
    .values({ endpoint_hash: row.endpointHash, subscription: row.subscription, created_at: row.now })
    .onConflict((oc) => oc.column('endpoint_hash').doUpdateSet({ subscription: row.subscription }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

export function listPushSubscriptions(db: Executor): Promise<{ id: number; subscription: string }[]> {
  return db.selectFrom('alert_push_subscriptions').select(['id', 'subscription']).orderBy('id').execute();
}

export async function countPushSubscriptions(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('alert_push_subscriptions')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deletePushSubscription(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('alert_push_subscriptions').where('id', '=', id).execute();
}

export async function pushSubscriptionExists(db: Executor, endpointHash: string): Promise<boolean> {
  const row = await db
    .selectFrom('alert_push_subscriptions')
    .select('id')
    .where('endpoint_hash', '=', endpointHash)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deletePushSubscriptionByHash(db: Executor, endpointHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('alert_push_subscriptions')
    .where('endpoint_hash', '=', endpointHash)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Records a device; true when it had not been seen before. */
export async function markDeviceSeen(db: Executor, deviceHash: string, now: Date): Promise<boolean> {
  const inserted = await db
    .insertInto('alert_seen_devices')
    .values({ device_hash: deviceHash, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.column('device_hash').doNothing())
    .returning('device_hash')
    .executeTakeFirst();
  if (inserted) return true;
  await db
    .updateTable('alert_seen_devices')
    .set({ last_seen_at: now })
    .where('device_hash', '=', deviceHash)
    .execute();
  return false;
}

export async function readVapidKeys(
  db: Executor,
): Promise<{ public_key: string; private_key: string } | undefined> {
  return db.selectFrom('alert_vapid_keys').select(['public_key', 'private_key']).executeTakeFirst();
}

/** Stores the key pair unless another process stored one first (then that one is kept). */
export async function insertVapidKeys(
  db: Executor,
  keys: { publicKey: string; privateKey: string; now: Date },
): Promise<void> {
  await db
    .insertInto('alert_vapid_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.privateKey, created_at: keys.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The user's address and language setting (the one user; undefined before registration). */
export async function readRecipient(db: Executor): Promise<{ email: string } | undefined> {
  return db.selectFrom('users').select('email').orderBy('id').limit(1).executeTakeFirst();
}

/** A personal access token's name (the alert of a token reading secrets names it). */
export async function readTokenName(db: Executor, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('personal_access_tokens')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.name;
}
