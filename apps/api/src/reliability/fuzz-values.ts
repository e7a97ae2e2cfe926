import fc from 'fast-check';

/*
 * Values for the fuzzer, driven by a JSON schema of openapi.yaml: a value that fits the schema,
 * at every depth (objects in arrays in objects), or one that breaks it where servers break:
 * date-times that are not dates or are out of range, integers beyond 32 and 53 bits, fractions,
 * numbers JSON cannot hold (1e309), strings one past their maximum length, unicode, wrong types,
 * missing and extra properties, arrays one past their maximum size.
 */

export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  minimum?: number;
  maximum?: number;
  required?: string[];
}

export type Resolve = (schema: Schema | undefined) => Schema | undefined;

/**
 * A number JSON.stringify cannot write (1e309, -0, 1e-400): a marked string that `rawJson`
 * turns into the bare number in JSON text and `unraw` into its text anywhere else.
 */
const RAW = (text: string) => `@@raw:${text}@@`;
export const rawJson = (json: string) =>
  json.includes('@@raw:') ? json.replace(/"@@raw:([^"@]*)@@"/g, '$1') : json;
export const unraw = (text: string) =>
  text.includes('@@raw:') ? text.replace(/@@raw:([^"@]*)@@/g, '$1') : text;

/** Percent-encoding that sends a lone surrogate as the bytes of one (ED A0 80): not UTF-8. */
export const encode = (value: string) =>
  encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '\u0001')).replaceAll('%01', '%ED%A0%80');
/** A value as text (a form field, a query value): a string as is, anything else as JSON. */
export const text = (value: unknown) =>
  typeof value === 'string' ? unraw(value) : rawJson(JSON.stringify(value) ?? '');

const HUGE = 'a'.repeat(300_000);
/** Nested arrays 3,000 deep, as a value. */
const deepValue = (() => {
  let value: unknown = 1;
  for (let i = 0; i < 3_000; i += 1) value = [value];
  return value;
})();

/** Numbers where parsers, SQL integer columns and Date overflow. */
export const EDGE_NUMBERS: readonly unknown[] = [
  2_147_483_648,
  2_147_483_647,
  -2_147_483_649,
  4_294_967_296,
  2 ** 53 + 1,
  -1,
  0,
  1.5,
  -0.5,
  1e308,
  8.64e15 + 1,
  RAW('1e309'),
  RAW('-1e309'),
  RAW('1e-400'),
  RAW('-0'),
  RAW('1E2'),
  '2147483648',
  '1e309',
  '1.5',
  '-1',
  'NaN',
  'Infinity',
  '0x10',
];

/** Date-times a parser takes and SQL or `Date` refuse (or the reverse). */
export const EDGE_DATES: readonly string[] = [
  'ok',
  '2026-13-45T00:00:00Z',
  '0000-00-00',
  '+275760-09-13T00:00:00.001Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '10000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T23:59:60Z',
  '2026-01-01',
  '2026-01-01T00:00:00',
  '2026-01-01T00:00:00+25:00',
  '2026-01-01 00:00:00',
  '1700000000',
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  'allballs',
  '',
];

const STRINGS = [
  'x',
  'A4GRFHVVRBGY7UIW',
  'otpauth://totp/Svc:me?secret=A4GRFHVVRBGY7UIW',
  'otpauth://hotp/Svc:me?secret=A4GRFHVVRBGY7UIW&counter=3',
  'otpauth://totp/Svc:me?secret=A4GRFHVVRBGY7UIW&period=2147483648&digits=1e309&counter=-1',
  'otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGEpvaG4uRG9lQGV4YW1wbGUuY29tGgdFeGFtcGxlIAEoATACEAEYASAA',
  'john@example.com',
  'totp',
  'sha1',
  'correct horse battery',
  'fuzz group',
  '1,2,3',
  'https://example.com/hook',
  'http://user:pass@127.0.0.1:1/x',
];

/** Wrong for every schema: control characters, lone surrogates, huge and deep values. */
export const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  HUGE,
  '😀'.repeat(2_000),
  'Ǆ̈́ﷺ\u202e\u200b𝔘𝔫𝔦',
  deepValue,
  {},
  [],
  [[[{}]]],
  null,
  true,
  1e308,
  -1,
  2 ** 53 + 1,
  -2_147_483_649,
  '1e5',
  ' ',
  '',
  '<svg onload=alert(1)>',
  '../../etc/passwd',
  '%00',
  'true',
  { $ne: 1 },
  JSON.parse('{"__proto__":{"a":1},"constructor":{"prototype":1}}') as unknown,
  ['a', 'b'],
);

/** Anything at all: for query values and schemas that say nothing. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...STRINGS) },
  { weight: 2, arbitrary: fc.integer({ min: -2, max: 6 }) },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...EDGE_DATES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  { weight: 2, arbitrary: hostile },
);

const validDate = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/** Plausible strings for properties with a telling name. */
const NAMED: Record<string, readonly string[]> = {
  uri: STRINGS.filter((value) => value.startsWith('otpauth')),
  email: ['john@example.com', 'JOHN@Example.COM'],
  password: ['correct horse battery', 'another horse battery'],
  password_confirmation: ['correct horse battery', 'another horse battery'],
  current_password: ['correct horse battery'],
  currentPassword: ['correct horse battery'],
  secret: ['A4GRFHVVRBGY7UIW', 'JBSWY3DPEHPK3PXP'],
  ids: ['1', '1,2', '2,3,1'],
  url: ['https://example.com/hook', 'http://user:pass@127.0.0.1:1/x'],
  endpoint: ['https://push.example.com/x'],
  code: ['123456', 'AAAA-BBBB'],
  value: ['true', 'en', '30'],
  key: ['lang', 'useEncryption', 'showOtpAsDot'],
};

/** Values just outside a schema: the edges where parsers and databases differ. */
function edgeOf(schema: Schema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') return fc.constantFrom(...EDGE_NUMBERS);
  if (schema.format === 'date-time') return fc.constantFrom<unknown>(...EDGE_DATES, ...EDGE_NUMBERS);
  if (type === 'string' || type === undefined) {
    const over = schema.maxLength === undefined ? [] : ['é'.repeat(schema.maxLength + 1)];
    return fc.oneof(
      fc.constantFrom<unknown>('', ' ', ...over, ...EDGE_DATES.slice(0, 4), ...EDGE_NUMBERS.slice(0, 6)),
      fc.string({ unit: 'binary', maxLength: 16 }),
    );
  }
  if (type === 'boolean') return fc.constantFrom<unknown>('true', '1', 1, 0, 'no', 'on');
  return anyValue;
}

function stringValue(schema: Schema, name: string): fc.Arbitrary<unknown> {
  if (schema.format === 'date-time') return validDate;
  if (schema.format === 'email') return fc.constantFrom(...NAMED.email!);
  return fc.constantFrom(...(NAMED[name] ?? STRINGS));
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

/** How often a value is replaced by an edge or a hostile one: seldom, or often. */
export type Noise = 'light' | 'heavy';

function fitting(schema: Schema, context: Context): fc.Arbitrary<unknown> {
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const deeper = { ...context, depth: context.depth + 1 };
  if (variants.length > 0) return fc.oneof(...variants.map((v) => schemaValue(v, deeper)));
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? -1;
      return fc.integer({ min, max: Math.min(schema.maximum ?? 2 ** 31 - 1, Math.max(min, 0) + 5) });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringValue(schema, context.name);
    case 'array': {
      const item = schemaValue(schema.items ?? {}, { ...deeper, name: '' });
      const max = schema.maxItems;
      return fc.oneof(
        { weight: 8, arbitrary: fc.array(item, { minLength: schema.minItems ?? 0, maxLength: 4 }) },
        max === undefined || max > 300
          ? fc.array(item, { minLength: 20, maxLength: 30 })
          : fc.array(item, { minLength: max + 1, maxLength: max + 1 }),
      );
    }
    case 'object':
      return objectValue(schema, context);
    default:
      return schema.properties ? objectValue(schema, context) : anyValue;
  }
}

interface Context {
  readonly resolve: Resolve;
  readonly noise: Noise;
  readonly depth: number;
  /** The name of the property the value is for ('' for an array item). */
  readonly name: string;
}

/**
 * An object of the schema's properties: with light noise the required ones always there, the
 * others now and then; with heavy noise any of them missing; and now and then one more.
 */
export function objectValue(schema: Schema, context: Omit<Context, 'depth' | 'name'> & { depth?: number }) {
  const depth = context.depth ?? 0;
  const entries = Object.entries(schema.properties ?? {}).concat(
    (schema.allOf ?? []).flatMap((part) => Object.entries(context.resolve(part)?.properties ?? {})),
  );
  const required = context.noise === 'light' ? (schema.required ?? []) : [];
  const record = fc.record(
    Object.fromEntries(
      entries.map(([name, s]) => [name, schemaValue(s, { ...context, depth: depth + 1, name })]),
    ),
    { requiredKeys: required.filter((name) => entries.some(([key]) => key === name)) },
  );
  const extra = fc.option(fc.tuple(fc.constantFrom('extra', 'id', '__proto__', 'user_id', ''), anyValue), {
    freq: context.noise === 'light' ? 10 : 3,
  });
  return fc
    .tuple(record, extra)
    .map(([object, more]): Record<string, unknown> => (more ? { ...object, [more[0]]: more[1] } : object));
}

/** A value of the schema, or one just outside it or of a wrong type now and then, at any depth. */
export function schemaValue(
  schema: Schema,
  context: Omit<Context, 'depth' | 'name'> & { depth?: number; name?: string },
): fc.Arbitrary<unknown> {
  const resolved = context.resolve(schema) ?? {};
  const full: Context = { ...context, depth: context.depth ?? 0, name: context.name ?? '' };
  if (full.depth > 5) return hostile;
  const [fits, edges] = context.noise === 'light' ? [30, 2] : [5, 2];
  return fc.oneof(
    { weight: fits, arbitrary: fitting(resolved, full) },
    { weight: edges, arbitrary: edgeOf(resolved) },
    { weight: 1, arbitrary: hostile },
  );
}
