import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import YAML from 'yaml';

/*
 * Requests for the fuzzer, driven by openapi.yaml: every operation, its path and query parameters
 * and the properties of its request body, filled with plausible values or hostile ones (wrong
 * types, huge strings, deep nesting, U+0000, lone surrogates), sent as JSON, forms, multipart
 * (whole or broken), truncated bodies, bytes that are not UTF-8 and wrong content types.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
interface RawOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query: readonly { name: string; schema: Schema }[];
  readonly body: readonly { name: string; schema: Schema }[];
  readonly mediaTypes: readonly string[];
}

export function readOperations(file: string): Operation[] {
  const document = YAML.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, RawOperation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const named = document.components?.schemas ?? {};
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? named[schema.$ref.split('/').pop()!] : schema;
  const propertiesOf = (schema: Schema | undefined, depth = 0): [string, Schema][] => {
    const resolved = resolve(schema);
    if (!resolved || depth > 4) return [];
    const own = Object.entries(resolved.properties ?? {}).map(([name, s]): [string, Schema] => [
      name,
      resolve(s) ?? {},
    ]);
    const parts = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
    return [...own, ...parts.flatMap((part) => propertiesOf(part, depth + 1))];
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const body = new Map(Object.values(content).flatMap((media) => propertiesOf(media.schema)));
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: [...body].map(([name, schema]) => ({ name, schema })),
        mediaTypes: Object.keys(content),
      });
    }
  }
  return operations;
}

const HUGE = 'a'.repeat(300_000);
/** Nested arrays 3,000 deep, as a value and as JSON text. */
const deepValue = (() => {
  let value: unknown = 1;
  for (let i = 0; i < 3_000; i += 1) value = [value];
  return value;
})();
export const DEEP_TEXT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

const hostile: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  HUGE,
  '😀'.repeat(2_000),
  deepValue,
  {},
  [],
  null,
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
  ['a', 'b'],
);

function plausible(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return fc.integer({ min: -2, max: 6 });
  if (type === 'boolean') return fc.boolean();
  if (type === 'array') return fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 4 });
  return fc.constantFrom(
    'x',
    'A4GRFHVVRBGY7UIW',
    'otpauth://totp/Svc:me?secret=A4GRFHVVRBGY7UIW',
    'otpauth://hotp/Svc:me?secret=A4GRFHVVRBGY7UIW&counter=3',
    'otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGEpvaG4uRG9lQGV4YW1wbGUuY29tGgdFeGFtcGxlIAEoATACEAEYASAA',
    'john@example.com',
    'totp',
    'sha1',
    'correct horse battery',
    'fuzz group',
    '1,2,3',
  );
}

const bodyObject = (op: Operation): fc.Arbitrary<Record<string, unknown>> =>
  op.body.length === 0
    ? fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(hostile, fc.string()), { maxKeys: 3 })
    : fc.record(
        Object.fromEntries(
          op.body.map(({ name, schema }) => [
            name,
            fc.oneof({ weight: 3, arbitrary: plausible(schema) }, { weight: 2, arbitrary: hostile }),
          ]),
        ),
        { requiredKeys: [] },
      );

const ODD_IDS = [
  '1',
  '2',
  '3',
  '0',
  '-1',
  '99999999999999999999',
  'abc',
  '1.5',
  '%00',
  '%2e%2e%2f',
  'null',
  '%20',
  '%F0%9F%98%80',
  'a'.repeat(3_000),
  '1,2',
  '%ff',
  '%',
  'useEncryption',
  'lang',
  'x.json',
  'noicon.svg',
  'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.png',
  '%ED%A0%80',
];

export type BodyKind =
  | 'none'
  | 'json'
  | 'truncated'
  | 'deep'
  | 'form'
  | 'multipart'
  | 'broken-multipart'
  | 'not-utf8'
  | 'wrong-type';

export interface FuzzInput {
  readonly ids: readonly string[];
  readonly query: readonly [number, unknown][];
  readonly junkQuery: string;
  readonly object: Record<string, unknown>;
  readonly kind: BodyKind;
  readonly cut: number;
  readonly auth: 'none' | 'bearer' | 'session' | 'bad-bearer';
  readonly contentType: string;
}

/** The inputs of one operation's requests. */
export function fuzzInput(op: Operation): fc.Arbitrary<FuzzInput> {
  return fc.record({
    ids: fc.array(fc.constantFrom(...ODD_IDS), { minLength: 2, maxLength: 2 }),
    query: fc.array(fc.tuple(fc.nat({ max: 9 }), fc.oneof(plausible({}), hostile)), { maxLength: 3 }),
    junkQuery: fc.constantFrom('', '', '', 'a[b][c]=1', '%zz=1', '&&=&', 'ids[]=1&ids[]=x', 'withOtp=%00'),
    object: bodyObject(op),
    kind: fc.constantFrom<BodyKind>(
      'json',
      'json',
      'json',
      'none',
      'truncated',
      'deep',
      'form',
      'multipart',
      'broken-multipart',
      'not-utf8',
      'wrong-type',
    ),
    cut: fc.nat({ max: 1_000 }),
    auth: fc.constantFrom('bearer', 'bearer', 'session', 'session', 'none', 'bad-bearer'),
    contentType: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/json; charset=utf-16',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'x/y; z',
      'application/x-www-form-urlencoded',
    ),
  });
}
