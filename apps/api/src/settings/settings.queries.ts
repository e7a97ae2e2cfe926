import type { Executor } from '../db/database.js';
import {
  defaultSettings,
  isNativeSettingKey,
  type NativeSettingKey,
  type NativeSettings,
} from './settings.definitions.js';

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
