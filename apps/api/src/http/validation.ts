import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { parseBooleanField } from '@twofold/otp';
import { attributeName, type Message, type MessageKey, type MessageParams } from '../i18n/translate.js';
import { isDateTime } from './date-time.js';
import { AppError, errors, type FieldError } from './errors.js';

/*
 * Laravel-style validation driven by the route's TypeBox (JSON) schema, so one schema gives both
 * the OpenAPI document and the 2FAuth wire behaviour:
 * - strings are trimmed and "" becomes null (except `x-trim: false`, e.g. passwords);
 * - in a body, an empty value (null, "" or blanks) on an optional field that is not nullable means
 *   "not given": the key is dropped, so a create applies the default and an update keeps the stored
 *   value, alike (`x-empty: 'required'` refuses it instead, e.g. id lists, where absent means "all");
 * - integers accept JSON integers and digit strings; booleans accept true/false/1/0/"1"/"0"/"true"/"false";
 * - each field is checked in rule order and stops at its first failure; fields in schema order;
 * - messages are catalogue keys with `:attribute` filled, rendered in the caller's language later.
 * Unknown keys are kept (routes ignore them) so rules such as "uri alone" can see them.
 */

export type Rule =
  | 'present'
  | 'required'
  | 'string'
  | 'integer'
  | 'numeric'
  | 'boolean'
  | 'array'
  | 'object'
  | 'min'
  | 'max'
  | 'between'
  | 'in'
  | 'regex'
  | 'email'
  | 'date';

/** Schema keywords this validator understands besides standard JSON Schema. */
export interface ValidationAnnotations {
  /** Replace a rule's standard message by a catalogue message. */
  'x-messages'?: Partial<Record<Rule, MessageKey>>;
  /** The key must be present (its value may be null). */
  'x-present'?: boolean;
  /** Keep surrounding white space (passwords). */
  'x-trim'?: boolean;
  /** Lower-case a string before validation (otp_type, algorithm). */
  'x-lowercase'?: boolean;
  /** Named rules run after the standard ones (see `registerRule`). */
  'x-rules'?: readonly string[];
  /** Sent empty (null, "" or blanks), fails `required` instead of counting as not given (id lists). */
  'x-empty'?: 'required';
}

/** Where the data comes from: an empty body field counts as not given; query and path keep their nulls. */
export type InputPart = 'body' | 'other';

interface JsonSchema extends ValidationAnnotations {
  type?: string | readonly string[];
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  items?: JsonSchema;
  anyOf?: readonly JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
}

export interface RuleContext {
  /** The whole (normalised) input of this part of the request. */
  readonly data: Readonly<Record<string, unknown>>;
  readonly field: string;
}

/** A named rule: returns a message when the (non-null) value fails. */
export type NamedRule = (value: unknown, context: RuleContext) => Message | undefined;

const namedRules = new Map<string, NamedRule>();

/** Makes a rule usable as `'x-rules': [name]` in any schema. */
export function registerRule(name: string, rule: NamedRule): void {
  namedRules.set(name, rule);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

registerRule('no_colon', (value, { field }) =>
  typeof value === 'string' && value.includes(':')
    ? { key: 'validation.no_colon', params: { attribute: attributeName(field) } }
    : undefined,
);
registerRule('confirmed', (value, { data, field }) =>
  value !== data[`${field}_confirmation`]
    ? { key: 'validation.confirmed', params: { attribute: attributeName(field) } }
    : undefined,
);
registerRule('distinct', () => undefined); // handled by the array branch, listed for OpenAPI readers

function typesOf(schema: JsonSchema): { types: string[]; nullable: boolean; inner: JsonSchema } {
  if (schema.anyOf) {
    const nonNull = schema.anyOf.filter((s) => s.type !== 'null');
    const nullable = nonNull.length !== schema.anyOf.length;
    if (nonNull.length > 0 && nonNull.every((s) => s.const !== undefined)) {
      return { types: [], nullable, inner: { ...schema, enum: nonNull.map((s) => s.const) } };
    }
    if (nonNull.length === 1 && nonNull[0]) {
      const inner = typesOf({ ...schema, ...nonNull[0], anyOf: undefined });
      return { ...inner, nullable: nullable || inner.nullable };
    }
    return { types: nonNull.flatMap((s) => typesOf(s).types), nullable, inner: schema };
  }
  const types =
    schema.type === undefined ? [] : typeof schema.type === 'string' ? [schema.type] : [...schema.type];
  return { types: types.filter((t) => t !== 'null'), nullable: types.includes('null'), inner: schema };
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** False for text PostgreSQL cannot store: a NUL character or a lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const parsed = Number(value);
    if (Number.isSafeInteger(parsed)) return parsed;
  }
  return undefined;
}

function normalise(value: unknown, schema: JsonSchema): unknown {
  if (typeof value !== 'string') return value;
  let result = schema['x-trim'] === false ? value : value.trim();
  if (schema['x-lowercase']) result = result.toLowerCase();
  return result === '' ? null : result;
}

interface FieldResult {
  value: unknown;
  error?: FieldError;
}

class FieldValidator {
  constructor(
    private readonly errors: FieldError[],
    private readonly part: InputPart,
  ) {}

  private fail(field: string, schema: JsonSchema, rule: Rule, key: MessageKey, params: MessageParams = {}) {
    const custom = schema['x-messages']?.[rule];
    return {
      field,
      message: { key: custom ?? key, params: { attribute: attributeName(field), ...params } },
    } satisfies FieldError;
  }

  /** Validates one value; returns its coerced form. */
  check(
    field: string,
    raw: unknown,
    schema: JsonSchema,
    present: boolean,
    required: boolean,
    data: Record<string, unknown>,
  ): FieldResult {
    const { types, inner } = typesOf(schema);
    const value = normalise(raw, inner);
    if (!present && inner['x-present'])
      return { value, error: this.fail(field, inner, 'present', 'validation.present') };
    if (value === null || value === undefined) {
      if (required || (present && inner['x-empty'] === 'required'))
        return { value, error: this.fail(field, inner, 'required', 'validation.required') };
      return { value };
    }
    // U+0000 and lone surrogates cannot be stored as PostgreSQL text: refused, whatever the field.
    if (typeof value === 'string' && !isStorableText(value)) {
      return { value, error: this.fail(field, inner, 'regex', 'validation.regex') };
    }
    const type = types[0];
    let coerced: unknown = value;
    if (type === 'string') {
      if (typeof value !== 'string')
        return { value, error: this.fail(field, inner, 'string', 'validation.string') };
    } else if (type === 'integer') {
      const parsed = toInteger(value);
      if (parsed === undefined)
        return { value, error: this.fail(field, inner, 'integer', 'validation.integer') };
      coerced = parsed;
    } else if (type === 'number') {
      const parsed = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      if (typeof parsed !== 'number' || !Number.isFinite(parsed)) {
        return { value, error: this.fail(field, inner, 'numeric', 'validation.numeric') };
      }
      coerced = parsed;
    } else if (type === 'boolean') {
      const parsed = parseBooleanField(value);
      if (parsed === undefined)
        return { value, error: this.fail(field, inner, 'boolean', 'validation.boolean') };
      coerced = parsed;
    } else if (type === 'array') {
      if (!Array.isArray(value))
        return { value, error: this.fail(field, inner, 'array', 'validation.array') };
      if (inner.minItems !== undefined && value.length < inner.minItems) {
        return { value, error: this.fail(field, inner, 'required', 'validation.required') };
      }
      const items: unknown[] = [];
      const seen = new Set<unknown>();
      for (const [index, element] of value.entries()) {
        const path = `${field}.${index}`;
        const result: FieldResult = inner.items
          ? this.check(path, element, inner.items, true, true, data)
          : { value: element };
        if (result.error) {
          this.errors.push(result.error);
          continue;
        }
        if (inner['x-rules']?.includes('distinct')) {
          if (seen.has(result.value)) {
            this.errors.push(this.fail(path, inner, 'in', 'validation.distinct'));
            continue;
          }
          seen.add(result.value);
        }
        items.push(result.value);
      }
      coerced = items;
    } else if (type === 'object') {
      if (typeof value !== 'object' || Array.isArray(value)) {
        return { value, error: this.fail(field, inner, 'object', 'validation.array') };
      }
      coerced = validateObject(value as Record<string, unknown>, inner, this.errors, this.part, `${field}.`);
    }
    const error = this.constraints(field, coerced, inner, data);
    return error ? { value: coerced, error } : { value: coerced };
  }

  private constraints(
    field: string,
    value: unknown,
    schema: JsonSchema,
    data: Record<string, unknown>,
  ): FieldError | undefined {
    if (typeof value === 'string') {
      if (schema.minLength !== undefined && [...value].length < schema.minLength) {
        return this.fail(field, schema, 'min', 'validation.min.string', { min: schema.minLength });
      }
      if (schema.maxLength !== undefined && [...value].length > schema.maxLength) {
        return this.fail(field, schema, 'max', 'validation.max.string', { max: schema.maxLength });
      }
    }
    if (typeof value === 'number') {
      const { minimum: min, maximum: max } = schema;
      if (min !== undefined && max !== undefined && (value < min || value > max)) {
        return this.fail(field, schema, 'between', 'validation.between', { min, max });
      }
      if (min !== undefined && value < min)
        return this.fail(field, schema, 'min', 'validation.min.numeric', { min });
      if (max !== undefined && value > max)
        return this.fail(field, schema, 'max', 'validation.max.numeric', { max });
    }
    if (schema.enum && !schema.enum.includes(value)) return this.fail(field, schema, 'in', 'validation.in');
    if (schema.const !== undefined && schema.const !== value)
      return this.fail(field, schema, 'in', 'validation.in');
    if (
      typeof value === 'string' &&
      schema.pattern !== undefined &&
      !new RegExp(schema.pattern, 'u').test(value)
    ) {
      return this.fail(field, schema, 'regex', 'validation.regex');
    }
    if (typeof value === 'string' && schema.format === 'email' && !EMAIL.test(value)) {
      return this.fail(field, schema, 'email', 'validation.email');
    }
    if (typeof value === 'string' && schema.format === 'date-time' && !isDateTime(value)) {
      return this.fail(field, schema, 'date', 'validation.date');
    }
    for (const name of schema['x-rules'] ?? []) {
      const rule = namedRules.get(name);
      if (!rule) throw new Error(`Unknown validation rule "${name}"`);
      const message = rule(value, { data, field });
      if (message) return { field, message };
    }
    return undefined;
  }
}

function validateObject(
  input: Record<string, unknown>,
  schema: JsonSchema,
  fieldErrors: FieldError[],
  part: InputPart,
  prefix = '',
): Record<string, unknown> {
  const output: Record<string, unknown> = { ...input };
  const required = new Set(schema.required ?? []);
  const validator = new FieldValidator(fieldErrors, part);
  // Normalise first so rules such as `confirmed` compare normalised values.
  for (const [key, propertySchema] of Object.entries(schema.properties ?? {})) {
    if (key in input) output[key] = normalise(input[key], typesOf(propertySchema).inner);
  }
  for (const [key, propertySchema] of Object.entries(schema.properties ?? {})) {
    const present = Object.prototype.hasOwnProperty.call(input, key);
    const result = validator.check(
      `${prefix}${key}`,
      input[key],
      propertySchema,
      present,
      required.has(key),
      output,
    );
    if (result.error) fieldErrors.push(result.error);
    if (!present) continue;
    const empty = result.value === null || result.value === undefined;
    if (empty && part === 'body' && !typesOf(propertySchema).nullable) delete output[key];
    else output[key] = result.value;
  }
  return output;
}

/** Validates request data against an object schema; throws a 422 AppError listing every failing field. */
export function validateInput(schema: object, data: unknown, part: InputPart): Record<string, unknown> {
  const input =
    data !== null && typeof data === 'object' && !Array.isArray(data)
      ? (data as Record<string, unknown>)
      : {};
  const fieldErrors: FieldError[] = [];
  const value = validateObject(input, schema, fieldErrors, part);
  if (fieldErrors.length > 0) throw new AppError('validation', '', { errors: fieldErrors });
  return value;
}

/** Fastify validator compiler: every body, querystring and params schema goes through `validateInput`. */
export const validatorCompiler: FastifySchemaCompiler<FastifySchema> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    try {
      return { value: validateInput(schema, data, httpPart === 'body' ? 'body' : 'other') };
    } catch (error) {
      // A path parameter that does not validate (e.g. a non-numeric id) names no resource: 404.
      return { error: httpPart === 'params' ? errors.notFound() : (error as Error) };
    }
  };
};
