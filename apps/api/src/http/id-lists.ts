import { parse } from 'node:querystring';
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

/**
 * The query string parser of every route. It reads queries as Fastify does, and also reads id
 * lists the way PHP-minded clients send them (`ids[]=1&ids[]=2`, or `ids=1&ids=2`): they become
 * `ids=1,2`, checked like any id list, so that an array is never taken for "no ids".
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const query: Record<string, unknown> = parse(text);
  const bracketed = query['ids[]'];
  if (bracketed === undefined && !Array.isArray(query.ids)) return query;
  const parts = [query.ids, bracketed].flat().filter((part): part is string => typeof part === 'string');
  delete query['ids[]'];
  query.ids = parts.join(',');
  return query;
}
