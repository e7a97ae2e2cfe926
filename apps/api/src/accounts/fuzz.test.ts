import fc from 'fast-check';
import { beforeEach, expect, it } from 'vitest';
import { createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { fixtures as F } from './fixtures.js';

/*
 * Every route of this feature set gets schema-shaped garbage: the keys its schema names, with
 * values of every JSON type (and some near-miss strings). Whatever comes in, the answer is never
 * a 5xx and always a JSON body (except the documented non-JSON answers).
 */

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: string[];
  multipart: boolean;
}

const ownTags = new Set(['twofaccounts', 'groups', 'settings', 'preferences', 'features', 'icons', 'qrcode']);

const nearMiss = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2',
  '1.5',
  '99999999999',
  '9007199254740993',
  'true',
  'null',
  'totp',
  'hotp',
  'steamtotp',
  'sha1',
  'md5',
  'A4GRFHVVRBGY7UIW',
  '1,2,3',
  '1,,2',
  '../etc/passwd',
  '%00',
  '\u0000',
  '日本',
  F.TOTP_SHORT_URI,
  F.HOTP_FULL_CUSTOM_URI,
  F.GOOGLE_AUTH_MIGRATION_URI,
  F.GOOGLE_AUTH_MIGRATION_URI_WITH_INVALID_DATA,
  'otpauth://totp/a:b:c?secret=%ZZ',
  'otpauth://hotp/x?secret=A4GRFHVVRBGY7UIW&counter=99999999999999999999',
  '{"app":"2fauth_v1","schema":1,"data":[{}]}',
);

const scalar = fc.oneof(
  nearMiss,
  fc.string({ maxLength: 40 }),
  fc.integer({ min: -5, max: 5 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 6, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), scalar, { maxKeys: 3 }) },
);

interface BodySchema {
  properties?: Record<string, unknown>;
  anyOf?: BodySchema[];
}

function pick(keys: string[]) {
  return fc.dictionary(keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 6 }), value, {
    maxKeys: Math.max(1, keys.length),
  });
}

describeEachDatabase('fuzz: schema-shaped garbage never breaks a route', (t) => {
  let token = '';
  let operations: Operation[] = [];
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    const headers = { authorization: `Bearer ${token}` };
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/twofaccounts',
      payload: { uri: F.HOTP_FULL_CUSTOM_URI_NO_IMG },
      headers,
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/twofaccounts',
      payload: { uri: F.STEAM_TOTP_URI },
      headers,
    });
    await t.app.inject({ method: 'POST', url: '/api/v1/groups', payload: { name: 'G' }, headers });
    const document = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            tags?: string[];
            parameters?: { in: string; name: string }[];
            requestBody?: { content: Record<string, { schema?: BodySchema }> };
          }
        >
      >;
    };
    operations = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.tags?.some((tag) => ownTags.has(tag))) continue;
        const content = op.requestBody?.content ?? {};
        const schema = Object.values(content)[0]?.schema;
        operations.push({
          method: method.toUpperCase(),
          path,
          params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
          query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
          // Union bodies (URI form / parameters form) contribute the keys of every member.
          body: [
            ...new Set(
              [schema, ...(schema?.anyOf ?? [])].flatMap((part) => Object.keys(part?.properties ?? {})),
            ),
          ],
          multipart: 'multipart/form-data' in content,
        });
      }
    }
  });

  it('covers every route of accounts, groups, settings, icons and QR codes', () => {
    expect(operations.length).toBeGreaterThanOrEqual(40);
  });

  it('answers every request with a JSON body and never a 5xx', async () => {
    const request = fc.record({
      index: fc.nat(),
      params: fc.array(fc.oneof(nearMiss, fc.nat({ max: 4 }).map(String), fc.string({ maxLength: 12 })), {
        minLength: 3,
        maxLength: 3,
      }),
      query: fc.dictionary(
        fc.constantFrom('ids', 'withSecret', 'withOtp', 'otpauth', 'format', 'x'),
        nearMiss,
        { maxKeys: 3 },
      ),
      body: fc.oneof(value, pick(['uri', 'account', 'otp_type', 'secret'])),
      asForm: fc.boolean(),
      seed: fc.nat(),
    });
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const op = operations[input.index % operations.length]!;
        let url = op.path;
        op.params.forEach((name, i) => {
          url = url.replace(`{${name}}`, encodeURIComponent(input.params[i] ?? '1'));
        });
        const search = new URLSearchParams();
        for (const [key, v] of Object.entries(input.query))
          if (op.query.includes(key) || key === 'x') search.set(key, v);
        const qs = search.toString();
        const target = qs ? `${url}?${qs}` : url;
        const shaped = fc.sample(pick(op.body), { numRuns: 1, seed: input.seed })[0];
        const payload = input.seed % 3 === 0 ? input.body : shaped;
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        let body: string | Buffer | undefined;
        if (op.method !== 'GET' && op.method !== 'DELETE') {
          if (op.multipart && input.asForm) {
            const parts = Object.entries((payload ?? {}) as Record<string, unknown>).map(([name, v]) => ({
              name,
              value: Buffer.from(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')),
              filename: 'f.bin',
            }));
            const form = multipart(parts);
            body = form.payload;
            Object.assign(headers, form.headers);
          } else {
            body = JSON.stringify(payload);
            headers['content-type'] = 'application/json';
          }
        }
        const response = await t.app.inject({
          method: op.method as 'GET',
          url: target,
          headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        const label = `${op.method} ${target} ${String(body).slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, label).toBeLessThan(500);
        const type = response.headers['content-type'] ?? '';
        const nonJson =
          response.statusCode === 204 || target.startsWith('/storage/') || target.includes('format=txt');
        if (!nonJson) {
          expect(type, label).toMatch(/^application\/json/);
          expect((): unknown => JSON.parse(response.body), label).not.toThrow();
        }
      }),
      { numRuns: 400 },
    );
  });
});
