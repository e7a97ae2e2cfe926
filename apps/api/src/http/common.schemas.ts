import { Type, type TSchema } from 'typebox';
import { MAX_ID } from '../db/ids.js';
import type { ValidationAnnotations } from './validation.js';

/*
 * Schema primitives, defined once and composed by every feature. The annotations
 * (`x-messages`, `x-rules`, ...) drive the Laravel-style validator and appear in openapi.yaml.
 */

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Validation annotations as TypeBox schema options. */
export const annotate = (annotations: ValidationAnnotations): Record<PropertyKey, unknown> => ({
  ...annotations,
});

/** Account ids in paths: every route under `/api/v1/twofaccounts/{id}` reads them with this. */
export const AccountIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Account id' }),
});

/** Comma-separated ids, e.g. `1,2,3`. */
export const IdList = Type.String({
  pattern: '^\\d+(,\\d+)*$',
  description: 'Comma-separated ids, without trailing comma',
  // Sent empty, an id list is refused: never read as "no list", which would mean every account.
  ...annotate({ 'x-messages': { regex: 'validation.ids' }, 'x-empty': 'required' }),
});

/** A query flag: present = true whatever its value (`withOtp`), or truthy text (`withSecret`). */
export const QueryFlag = Type.String({ description: 'Truthy: 1, true, on, yes (case-insensitive)' });

/** Truthy values of a boolean flag, as PHP's FILTER_VALIDATE_BOOLEAN reads them (query, form or JSON). */
export { isTruthy } from '@twofold/otp';

export const Message = Type.Object({ message: Type.String() });

/** ISO-8601 UTC with microseconds, Laravel style: `2026-07-05T12:00:00.000000Z`. */
export const Timestamp = Type.String({ description: 'ISO-8601 UTC with microseconds' });

export function toTimestamp(date: Date | string): string {
  const value = typeof date === 'string' ? new Date(date) : date;
  return value.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');
}

/** A date-time given by a client: RFC 3339, from 1970 to 9999 (`http/date-time.ts`), else 422. */
export const DateTimeInput = (description?: string) =>
  Type.String({
    format: 'date-time',
    description: [description, 'RFC 3339 date-time, years 1970 to 9999'].filter(Boolean).join('; '),
  });

/** A password field: never trimmed. */
export const Password = (options: { minLength?: number; description?: string } = {}) =>
  Type.String({ ...options, ...annotate({ 'x-trim': false }) });

export const Email = Type.String({ format: 'email', maxLength: 191 });

/**
 * An enum for readers of the spec (and generated clients); the serializer writes it as a plain
 * string, without testing each item, and the server's own code keeps reading it as a string.
 */
export const StringEnum = (values: readonly string[]) =>
  Type.Unsafe<string>({ type: 'string', enum: [...values] });
