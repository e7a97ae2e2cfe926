import { multipart } from '../test/auth-helpers.js';
import { DEEP_TEXT, type FuzzInput, type Operation } from './fuzz-requests.js';
import { encode, rawJson, text } from './fuzz-values.js';

/** Credentials of the fuzzer's callers. */
export interface FuzzCallers {
  readonly token: string;
  readonly cookie: string;
  readonly csrf: string;
}

const FILE_FIELDS = new Set(['file', 'icon', 'qrcode']);
const NOT_UTF8 = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0x22, 0x7d]);

function body(input: FuzzInput): { payload: string | Buffer; contentType?: string } | undefined {
  const json = rawJson(JSON.stringify(input.object));
  switch (input.kind) {
    case 'none':
      return undefined;
    case 'json':
      return { payload: json, contentType: 'application/json' };
    case 'truncated':
      return {
        payload: json.slice(0, input.cut % Math.max(1, json.length)),
        contentType: 'application/json',
      };
    case 'deep':
      return { payload: DEEP_TEXT, contentType: 'application/json' };
    case 'form': {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(input.object)) form.append(name, text(value));
      return { payload: form.toString(), contentType: 'application/x-www-form-urlencoded' };
    }
    case 'multipart':
    case 'broken-multipart': {
      const parts = Object.entries(input.object).map(([name, value]) => ({
        name,
        value: Buffer.from(text(value)),
        ...(FILE_FIELDS.has(name) ? { filename: 'f.bin', contentType: 'application/octet-stream' } : {}),
      }));
      const form = multipart(parts.length > 0 ? parts : [{ name: 'x', value: 'y' }]);
      const type = form.headers['content-type']!;
      if (input.kind === 'multipart') return { payload: form.payload, contentType: type };
      return input.cut % 2 === 0
        ? { payload: form.payload.subarray(0, input.cut % form.payload.length), contentType: type }
        : { payload: form.payload, contentType: `${type}x` };
    }
    case 'not-utf8':
      return { payload: NOT_UTF8, contentType: 'application/json' };
    case 'wrong-type':
      return { payload: json, contentType: input.contentType };
    case 'not-object':
      return {
        payload: rawJson(JSON.stringify(input.scalar) ?? 'undefined'),
        contentType: 'application/json',
      };
  }
}

export interface FuzzRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string | Buffer;
}

/** The `inject` options of one fuzz request. */
export function encodeRequest(op: Operation, input: FuzzInput, callers: FuzzCallers): FuzzRequest {
  let url = op.path;
  op.pathParams.forEach(({ name }, i) => (url = url.replace(`{${name}}`, input.ids[i]!)));
  const query: string[] = [];
  for (const [which, value] of input.query) {
    const name = encode(op.query[which % Math.max(1, op.query.length)]?.name ?? 'x');
    // An array: the parameter repeated (`a=1&a=2`) or bracketed (`a[]=1&a[]=2`) now and then.
    if (Array.isArray(value) && input.cut % 3 > 0) {
      const key = input.cut % 3 === 1 ? name : `${name}[]`;
      for (const item of value.slice(0, 20)) query.push(`${key}=${encode(text(item).slice(0, 2_000))}`);
    } else query.push(`${name}=${encode(text(value).slice(0, 2_000))}`);
  }
  if (input.junkQuery) query.push(input.junkQuery);
  const headers: Record<string, string> = {};
  if (input.auth === 'bearer') headers.authorization = `Bearer ${callers.token}`;
  if (input.auth === 'bad-bearer')
    headers.authorization = input.cut % 2 ? `Bearer ${'x'.repeat(600)}` : 'Basic Zm9vOmJhcg==';
  if (input.auth === 'session') {
    headers.cookie = callers.cookie;
    headers['x-xsrf-token'] = callers.csrf;
  }
  const encoded = op.method === 'GET' ? undefined : body(input);
  if (encoded?.contentType) headers['content-type'] = encoded.contentType;
  return {
    method: op.method as FuzzRequest['method'],
    url: query.length > 0 ? `${url}?${query.join('&')}` : url,
    headers,
    ...(encoded ? { payload: encoded.payload } : {}),
  };
}

/**
 * Success answers that are not JSON by design: the CSRF token (text), icon files and the
 * no-icon SVG, plain-text exports, backup downloads; and 204 (no body).
 */
export function nonJsonAllowed(op: Operation, status: number, contentType: string, body: string): boolean {
  if (status === 204) return body === '';
  if (status < 200 || status >= 300) return false;
  if (op.path === '/refresh-csrf') return contentType.startsWith('text/plain');
  if (op.path.startsWith('/storage/')) return contentType.startsWith('image/');
  if (op.path === '/api/v1/twofaccounts/export') return contentType.startsWith('text/plain');
  return op.path === '/api/v1/backups/{name}';
}
