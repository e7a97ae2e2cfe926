import { errors, message, type FieldError } from '../http/errors.js';
import type { LogWindow } from './auth-log.service.js';

/** PHP's `is_numeric` on a trimmed string (Laravel's `numeric` rule). */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** `period`: whole months, from 1 to 100 years (a date further back than that is out of any log). */
export const LOG_PERIOD_MAX = 1200;
/** `limit`: the first (or, negative, the last) rows, at most this many either way. */
export const LOG_LIMIT_MAX = 100_000;

const BOUNDS = { period: [1, LOG_PERIOD_MAX], limit: [-LOG_LIMIT_MAX, LOG_LIMIT_MAX] } as const;

/**
 * `period` and `limit` of 2FAuth's log routes: absent is fine; present, each must be a number
 * (2FAuth's `numeric` rule: an empty value, `null`, `true`, a word or a list is 422 on its field),
 * a whole one, and within its bounds (`period` from 1 month, `limit` negative for the last rows),
 * so no value can overflow a date or a count.
 */
export function logWindow(query: Record<string, unknown>): LogWindow {
  const fieldErrors: FieldError[] = [];
  const read = (field: 'period' | 'limit'): number | undefined => {
    // `period[]=1` is a list: present, and not a number.
    if (!(field in query) && !(`${field}[]` in query)) return undefined;
    const raw = query[field];
    const text = typeof raw === 'string' ? raw.trim() : undefined;
    const fail = (key: Parameters<typeof message>[0], params: Record<string, number> = {}) => {
      fieldErrors.push({ field, message: message(key, { attribute: field, ...params }) });
      return undefined;
    };
    if (text === undefined || !NUMERIC.test(text)) return fail('validation.numeric');
    const value = Number(text);
    if (!Number.isSafeInteger(value)) return fail('validation.integer');
    const [min, max] = BOUNDS[field];
    if (value < min || value > max) return fail('validation.between', { min, max });
    return value;
  };
  const period = read('period');
  const limit = read('limit');
  if (fieldErrors.length > 0) throw errors.validation(fieldErrors);
  return { period, limit };
}
