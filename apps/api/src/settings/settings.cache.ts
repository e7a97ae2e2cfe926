import type { Deps } from '../shared/deps.js';
import type { NativeSettings } from './settings.definitions.js';
import { readNativeSettings } from './settings.queries.js';

/**
 * Every native setting, from deps.caches: settings writes, group deletion (default/active group)
 * and the user's deletion invalidate it. Read-only: callers must not change the object.
 */
export async function cachedNativeSettings(deps: Deps): Promise<Readonly<NativeSettings>> {
  const cached = deps.caches.nativeSettings();
  if (cached) return cached;
  const ticket = deps.caches.ticket('settings');
  const settings = Object.freeze(await readNativeSettings(deps.db));
  deps.caches.storeNativeSettings(settings, ticket);
  return settings;
}
