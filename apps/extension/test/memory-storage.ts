import type { StorageArea } from '../src/lib/sealed';

/** A storage area in memory, cloning what goes in and out as the browser's storage does. */
export function memory(): StorageArea & { items: Record<string, unknown> } {
  const items: Record<string, unknown> = {};
  return {
    items,
    get: async (key) => (key in items ? { [key]: structuredClone(items[key]) } : {}),
    set: async (more) => void Object.assign(items, structuredClone(more)),
    remove: async (key) => void delete items[key],
  };
}
