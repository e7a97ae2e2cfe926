import type { Executor } from '../db/database.js';
import {
  defaultSettings,
  isNativeSettingKey,
  type NativeSettingKey,
  type NativeSettings,
} from '@twofold/otp';

/** Every native setting: stored values over the defaults. */
export async function readNativeSettings(db: Executor): Promise<NativeSettings> {
  const settings = defaultSettings();
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('is_custom', '=', false)
    .execute();
  for (const row of rows) {
    if (isNativeSettingKey(row.key)) (settings as Record<string, unknown>)[row.key] = row.value;
  }
  return settings;
}

/** One native setting's current value. */
export async function readNativeSetting<K extends NativeSettingKey>(
  db: Executor,
  key: K,
): Promise<NativeSettings[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return (row ? row.value : defaultSettings()[key]) as NativeSettings[K];
}

/** Stores a native setting (validated by the caller). */
export async function writeNativeSetting<K extends NativeSettingKey>(
  db: Executor,
  key: K,
  value: NativeSettings[K],
  now: Date,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), is_custom: false, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}

export interface CustomSetting {
  readonly key: string;
  readonly value: unknown;
}

/** User-created settings, in creation order. */
export async function readCustomSettings(db: Executor): Promise<CustomSetting[]> {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('is_custom', '=', true)
    .orderBy('created_at')
    .orderBy('key')
    .execute();
}

export async function findCustomSetting(db: Executor, key: string): Promise<CustomSetting | undefined> {
  return db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('is_custom', '=', true)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Creates or replaces a user-created setting. Creation time comes from the database (creation order). */
export async function writeCustomSetting(
  db: Executor,
  key: string,
  value: unknown,
  now: Date,
): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value: JSON.stringify(value), is_custom: true, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now }))
    .execute();
}

/** Deletes a user-created setting; false when there was none. */
export async function deleteCustomSetting(db: Executor, key: string): Promise<boolean> {
  const result = await db
    .deleteFrom('settings')
    .where('key', '=', key)
    .where('is_custom', '=', true)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
