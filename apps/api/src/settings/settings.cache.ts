import type { Deps } from '../shared/deps.js';
import { cacheSlot } from '../cache/app-caches.js';
import type { NativeSettings } from '@twofold/otp';
import { readNativeSettings } from './settings.queries.js';

/** The native settings, dropped by any write to the settings. */
export const nativeSettingsSlot = cacheSlot<Readonly<NativeSettings>>('settings', 'native settings');

/**
 * Every native setting, from deps.caches: settings writes, group deletion (default/active group)
 * and the user's deletion invalidate it. Read-only: callers must not change the object.
 */
export async function cachedNativeSettings(deps: Deps): Promise<Readonly<NativeSettings>> {
  const cached = deps.caches.get(nativeSettingsSlot);
  if (cached) return cached;
  const ticket = deps.caches.ticket('settings');
  const settings = Object.freeze(await readNativeSettings(deps.db));
  return deps.caches.store(nativeSettingsSlot, settings, ticket);
}
