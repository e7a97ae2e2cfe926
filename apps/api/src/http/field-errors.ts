import { AppError, type FieldError } from './errors.js';
import { validateInput } from './validation.js';
import { attributeName, type MessageKey, type MessageParams } from '../i18n/translate.js';

/** One field error whose `:attribute` is the field's display name. */
export function fieldError(field: string, key: MessageKey, params: MessageParams = {}): FieldError {
  return { field, message: { key, params: { attribute: attributeName(field), ...params } } };
}

/** A 422 on one field. */
export function invalid(field: string, key: MessageKey, params: MessageParams = {}): AppError {
  return new AppError('validation', '', { errors: [fieldError(field, key, params)] });
}

/** A 422 listing several field errors, ordered as the given field list orders their top-level keys. */
export function invalidFields(fieldErrors: readonly FieldError[], order: readonly string[]): AppError {
  const rank = (field: string) => {
    const index = order.indexOf(field.split('.')[0] ?? field);
    return index === -1 ? order.length : index;
  };
  const sorted = [...fieldErrors].map((error, i) => ({ error, i }));
  sorted.sort((a, b) => rank(a.error.field) - rank(b.error.field) || a.i - b.i);
  return new AppError('validation', '', { errors: sorted.map(({ error }) => error) });
}

/**
 * Validates a body against a schema (for routes whose body has several forms, chosen by the
 * handler), then runs `more` (database checks) on the raw input; every error in one 422.
 */
export async function validateBody<T>(
  schema: { properties?: Record<string, unknown> },
  data: unknown,
  more: (raw: Record<string, unknown>, failed: ReadonlySet<string>) => Promise<FieldError[]> = async () => [],
): Promise<T> {
  const raw =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const order = Object.keys(schema.properties ?? {});
  let fieldErrors: FieldError[] = [];
  let value: Record<string, unknown> | undefined;
  try {
    value = validateInput(schema, raw, 'body');
  } catch (error) {
    if (!(error instanceof AppError) || !error.errors) throw error;
    fieldErrors = [...error.errors];
  }
  const failed = new Set(fieldErrors.map((error) => error.field.split('.')[0] ?? error.field));
  fieldErrors.push(...(await more(value ?? raw, failed)));
  if (fieldErrors.length > 0) throw invalidFields(fieldErrors, order);
  return value as T;
}
