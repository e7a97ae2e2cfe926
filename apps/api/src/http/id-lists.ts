import { errors } from './errors.js';

/** The most ids one request may name (delete, withdraw, export): bigger batches are refused with a 400. */
const MAX_IDS = 100;

/** `1,2,3` -> [1, 2, 3] (the format was validated by the route's schema). */
export function parseIds(text: string): number[] {
  return text.split(',').map(Number);
}

/** A required id list: at most MAX_IDS ids, else a 400 naming the limit. */
export function boundedIds(text: string): number[] {
  const ids = parseIds(text);
  if (ids.length > MAX_IDS) throw errors.badRequest([{ key: 'error.too_many_ids' }]);
  return ids;
}
