import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { hashToken } from '../tokens/tokens.queries.js';
import type { TestContext } from './harness.js';

/** Registers the single user and a personal access token; returns the token value. */
export async function createUserWithToken(db: Kysely<DB>, now = new Date(1_700_000_000_000)): Promise<string> {
  const value = randomBytes(48).toString('base64url');
  await db
    .insertInto('users')
    .values({
      name: 'John',
      email: 'john@example.com',
      password_hash: 'x',
      webauthn_handle: randomBytes(32).toString('base64url'),
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db
    .insertInto('personal_access_tokens')
    .values({
      id: randomBytes(20).toString('hex'),
      name: 'tests',
      token_hash: hashToken(value),
      created_at: now,
      updated_at: now,
      expires_at: new Date(now.getTime() + 365 * 24 * 3600 * 1000),
    })
    .execute();
  return value;
}

export type Caller = (
  method: InjectOptions['method'],
  url: string,
  payload?: InjectOptions['payload'],
  headers?: Record<string, string>,
) => Promise<LightMyRequestResponse>;

/** A Bearer-authenticated `inject` for the current app of a test context (or a given app). */
export function bearerCaller(t: TestContext | { app: FastifyInstance }, token: () => string): Caller {
  return (method, url, payload, headers = {}) =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token()}`, ...headers },
    });
}

/** Builds a multipart/form-data body by hand (inject has no FormData support for files). */
export function multipart(
  parts: readonly { name: string; value: string | Buffer; filename?: string; contentType?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----twofold${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
