import { errors, message, type FieldError } from '../http/errors.js';
import type { LogWindow } from './auth-log.service.js';

/** PHP's `is_numeric` on a trimmed string (Laravel's `numeric` rule). */
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * `period` and `limit` of 2FAuth's log routes (`sometimes|numeric`): absent is fine; present, each
 * must be a number (an empty value, `null`, `true`, a word or a list is 422 on its field).
 */
export function logWindow(query: Record<string, unknown>): LogWindow {
  const fieldErrors: FieldError[] = [];
  const read = (field: 'period' | 'limit'): number | undefined => {
    // `period[]=1` is a list: present, and not a number.
    if (!(field in query) && !(`${field}[]` in query)) return undefined;
    const raw = query[field];
    const text = typeof raw === 'string' ? raw.trim() : undefined;
    if (text === undefined || !NUMERIC.test(text)) {
      fieldErrors.push({ field, message: message('validation.numeric', { attribute: field }) });
      return undefined;
    }
    return Number(text);
  };
  const period = read('period');
  const limit = read('limit');
  if (fieldErrors.length > 0) throw errors.validation(fieldErrors);
  return { period, limit };
}
