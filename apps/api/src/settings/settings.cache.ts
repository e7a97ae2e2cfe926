import type { FastifyInstance } from 'fastify';
import type { NativeSettings } from './settings.definitions.js';
import { readNativeSettings } from './settings.queries.js';

/**
 * Every native setting, from app.caches: settings writes, group deletion (default/active group)
 * and the user's deletion invalidate it. Read-only: callers must not change the object.
 */
export async function cachedNativeSettings(app: FastifyInstance): Promise<Readonly<NativeSettings>> {
  const cached = app.caches.nativeSettings();
  if (cached) return cached;
  const ticket = app.caches.ticket('settings');
  const settings = Object.freeze(await readNativeSettings(app.db));
  app.caches.storeNativeSettings(settings, ticket);
  return settings;
}
