import type { Static } from 'typebox';
import { errors, message, type FieldError } from '../http/errors.js';
import type { AccountPage } from './account-pages.schemas.js';

/** Accounts per page when a client names a page without a size (2FAuth's `itemsPerPage` default). */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 1000;
const PAGE_NUMBER_MAX = 1_000_000;

export interface PageRequest {
  readonly number: number;
  readonly size: number;
}

const FIELDS = { number: 'page[number]', size: 'page[size]' } as const;
const BOUNDS = { number: [1, PAGE_NUMBER_MAX], size: [1, PAGE_SIZE_MAX] } as const;

/**
 * The page a client asks for with JSON:API's `page[number]` and `page[size]` (2FAuth's pagination),
 * or undefined when it names neither: the whole list, as before. Each present value must be a
 * whole number within its bounds, else a 422 on `page.number` or `page.size` (Laravel's names).
 */
export function requestedPage(query: Record<string, unknown>): PageRequest | undefined {
  if (!(FIELDS.number in query) && !(FIELDS.size in query)) return undefined;
  const fieldErrors: FieldError[] = [];
  const read = (part: 'number' | 'size', fallback: number): number => {
    if (!(FIELDS[part] in query)) return fallback;
    const raw = query[FIELDS[part]];
    const text = typeof raw === 'string' ? raw.trim() : '';
    const field = `page.${part}`;
    const fail = (key: Parameters<typeof message>[0], params: Record<string, number> = {}) => {
      fieldErrors.push({ field, message: message(key, { attribute: field, ...params }) });
      return fallback;
    };
    if (!/^[+-]?\d{1,16}$/.test(text)) return fail('validation.integer');
    const value = Number(text);
    const [min, max] = BOUNDS[part];
    if (value < min || value > max) return fail('validation.between', { min, max });
    return value;
  };
  const page = { number: read('number', 1), size: read('size', PAGE_SIZE_DEFAULT) };
  if (fieldErrors.length > 0) throw errors.validation(fieldErrors);
  return page;
}

/** Laravel's `Arr::query`: PHP's http_build_query, RFC 3986 encoding (`page%5Bnumber%5D=2`). */
function phpQuery(entries: readonly (readonly [string, string])[]): string {
  return entries.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');
}

/** Laravel's UrlWindow (3 pages on each side): the page numbers shown, `null` for an ellipsis. */
function pageWindow(current: number, last: number): (number | null)[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const side = 3;
  if (last < side * 2 + 8) return range(1, last);
  const window = side + 4;
  if (current <= window) return [...range(1, window + side), null, last - 1, last];
  if (current > last - window) return [1, 2, null, ...range(last - (window + side - 1), last)];
  return [1, 2, null, ...range(current - side, current + side), null, last - 1, last];
}

type Page<T> = Omit<Static<typeof AccountPage>, 'data'> & { data: T[] };

/**
 * One page of a list in the envelope of Laravel's paginated resource collection (`data`, `links`,
 * `meta`), as 2FAuth answers it. Page links keep the request's other query parameters.
 */
export function pageEnvelope<T>(
  all: readonly T[],
  page: PageRequest,
  path: string,
  query: Record<string, unknown>,
): Page<T> {
  const total = all.length;
  const lastPage = Math.max(Math.ceil(total / page.size), 1);
  const start = (page.number - 1) * page.size;
  const data = all.slice(start, start + page.size);
  const kept = Object.entries(query).flatMap(([key, value]) =>
    key === FIELDS.number ? [] : [value].flat().map((item) => [key, String(item)] as const),
  );
  const url = (n: number) => `${path}?${phpQuery([...kept, [FIELDS.number, String(n)]])}`;
  const prev = page.number > 1 ? page.number - 1 : null;
  const next = page.number < lastPage ? page.number + 1 : null;
  const links = [
    { url: prev === null ? null : url(prev), label: '&laquo; Previous', page: prev, active: false },
    ...pageWindow(page.number, lastPage).map((n) =>
      n === null
        ? { url: null, label: '...', page: null, active: false }
        : { url: url(n), label: String(n), page: n, active: n === page.number },
    ),
    { url: next === null ? null : url(next), label: 'Next &raquo;', page: next, active: false },
  ];
  return {
    data,
    links: {
      first: url(1),
      last: url(lastPage),
      prev: prev === null ? null : url(prev),
      next: next === null ? null : url(next),
    },
    meta: {
      current_page: page.number,
      from: data.length > 0 ? start + 1 : null,
      last_page: lastPage,
      links,
      path,
      per_page: page.size,
      to: data.length > 0 ? start + data.length : null,
      total,
    },
  };
}
