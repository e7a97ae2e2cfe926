import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import YAML from 'yaml';
import {
  anyValue,
  encode,
  hostile,
  objectValue,
  schemaValue,
  text,
  type Noise,
  type Resolve,
  type Schema,
} from './fuzz-values.js';

/*
 * Requests for the fuzzer, driven by openapi.yaml: every operation, its path and query parameters
 * and the properties of its request body, filled with plausible values or hostile ones (wrong
 * types, huge strings, deep nesting, U+0000, lone surrogates), sent as JSON, forms, multipart
 * (whole or broken), truncated bodies, bytes that are not UTF-8 and wrong content types.
 */

interface RawOperation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly pathParams: readonly { name: string; schema: Schema }[];
  readonly query: readonly { name: string; schema: Schema }[];
  /** The properties of the request body, of every variant (none: the operation takes no body). */
  readonly body: readonly { name: string; schema: Schema }[];
  /** The schema of the body's first media type. */
  readonly bodySchema: Schema;
  readonly mediaTypes: readonly string[];
  /** Resolves a `$ref` of the document. */
  readonly resolve: Resolve;
}

export function readOperations(file: string): Operation[] {
  const document = YAML.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, RawOperation>>;
    components?: { schemas?: Record<string, Schema> };
  };
  const named = document.components?.schemas ?? {};
  const resolve: Resolve = (schema) => (schema?.$ref ? named[schema.$ref.split('/').pop()!] : schema);
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
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: [...body].map(([name, schema]) => ({ name, schema })),
        bodySchema: resolve(Object.values(content)[0]?.schema) ?? {},
        mediaTypes: Object.keys(content),
        resolve,
      });
    }
  }
  return operations;
}

/** JSON text 20,000 objects deep. */
export const DEEP_TEXT = `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`;

/** A body of one variant of the schema, with little noise or much. */
function variantBody(op: Operation, noise: Noise): fc.Arbitrary<Record<string, unknown>> {
  const variants = [...(op.bodySchema.anyOf ?? []), ...(op.bodySchema.oneOf ?? [])];
  const of = (schema: Schema) => objectValue(op.resolve(schema) ?? {}, { resolve: op.resolve, noise });
  return variants.length > 0 ? fc.oneof(...variants.map(of)) : of(op.bodySchema);
}

/**
 * The body: the properties of one variant of the operation's body, most of them fitting (light
 * noise) or many not (heavy noise), at any depth; an operation without a body gets a few random
 * properties.
 */
const bodyObject = (op: Operation): fc.Arbitrary<Record<string, unknown>> =>
  op.body.length === 0
    ? fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(hostile, anyValue), { maxKeys: 3 })
    : fc.oneof(
        { weight: 3, arbitrary: variantBody(op, 'light') },
        { weight: 1, arbitrary: variantBody(op, 'heavy') },
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
  '2147483648',
  '2147483647',
  '4294967296',
  '1e309',
  '1e3',
  '-0',
  '+1',
  '0x10',
  '1%20',
  '%201',
  'Infinity',
  'NaN',
  '9007199254740993',
  '2026-13-45T00:00:00Z',
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
  | 'wrong-type'
  | 'not-object';

export interface FuzzInput {
  readonly ids: readonly string[];
  readonly query: readonly [number, unknown][];
  readonly junkQuery: string;
  readonly object: Record<string, unknown>;
  /** The body of kind `not-object`: JSON that is not an object. */
  readonly scalar: unknown;
  readonly kind: BodyKind;
  readonly cut: number;
  readonly auth: 'none' | 'bearer' | 'session' | 'bad-bearer';
  readonly contentType: string;
}

/**
 * A path parameter: an odd one, or a value of its schema (fitting or not), percent-encoded; never
 * empty (an empty segment is another path, e.g. one of the web app's).
 */
const pathValue = (op: Operation, schema: Schema): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom('1', '2', ...ODD_IDS) },
    {
      weight: 2,
      arbitrary: schemaValue(schema, { resolve: op.resolve, noise: 'heavy' }).map((value) =>
        encode(text(value).slice(0, 3_000) || ' '),
      ),
    },
  );

/** Query parameters: the operation's own (any value of their schema) and unknown ones. */
const queryValues = (op: Operation): fc.Arbitrary<[number, unknown][]> =>
  fc.array(
    fc.oneof(
      fc.tuple(fc.nat({ max: 9 }), anyValue),
      ...op.query.map((param, index) =>
        schemaValue(param.schema, { resolve: op.resolve, noise: 'heavy', name: param.name }).map(
          (value): [number, unknown] => [index, value],
        ),
      ),
    ),
    { maxLength: 4 },
  );

/** The inputs of one operation's requests. */
export function fuzzInput(op: Operation): fc.Arbitrary<FuzzInput> {
  return fc.record({
    ids: fc.tuple(...op.pathParams.map((param) => pathValue(op, param.schema)), pathValue(op, {})),
    query: queryValues(op),
    junkQuery: fc.constantFrom('', '', '', 'a[b][c]=1', '%zz=1', '&&=&', 'ids[]=1&ids[]=x', 'withOtp=%00'),
    object: bodyObject(op),
    scalar: fc.oneof(hostile, anyValue),
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
      'not-object',
    ),
    cut: fc.nat({ max: 1_000 }),
    auth: fc.constantFrom(
      'bearer',
      'bearer',
      'bearer',
      'session',
      'session',
      'session',
      'none',
      'bad-bearer',
    ),
    contentType: fc.constantFrom(
      'text/plain',
      'application/xml',
      'application/json; charset=utf-16',
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'x/y; z',
      'application/x-www-form-urlencoded',
      'application/json; charset=latin1',
      'application/merge-patch+json',
      'text/json',
      'application/octet-stream',
      'APPLICATION/JSON',
      'application/json, text/plain',
      '',
    ),
  });
}
