import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { passwordHashing } from '../auth/password.js';
import { hashToken } from '../tokens/tokens.queries.js';
import { TEST_PASSWORD_COST, type TestContext } from './harness.js';

let johnsHash: Promise<string> | undefined;

/**
 * Registers the single user (john, with his password: the sensitive settings are changed from a
 * signed-in session) and a personal access token of scope `full`; returns the token value.
 */
export async function createUserWithToken(
  db: Kysely<DB>,
  now = new Date(1_700_000_000_000),
): Promise<string> {
  const value = randomBytes(48).toString('base64url');
  johnsHash ??= passwordHashing(TEST_PASSWORD_COST).hash(john.password);
  await db
    .insertInto('users')
    .values({
      name: 'John',
      email: 'john@example.com',
      password_hash: await johnsHash,
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

export interface Credentials {
  readonly name: string;
  readonly email: string;
  readonly password: string;
}

export const john: Credentials = {
  name: 'John',
  email: 'john@example.com',
  password: 'correct horse battery',
};

/**
 * A browser-like client for `inject`: keeps the cookies it receives (app_session, XSRF-TOKEN),
 * sends them back, and echoes XSRF-TOKEN in `X-XSRF-TOKEN` on unsafe methods, as the web app's
 * contract client does. A first unsafe request without a CSRF cookie fetches `/refresh-csrf`.
 */
export class SessionClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly t: { readonly app: FastifyInstance },
    /** Socket peer address of every request (default 127.0.0.1). */
    readonly remoteAddress?: string,
  ) {}

  get csrfToken(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  }

  absorb(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }[]) {
      const expired =
        cookie.maxAge === 0 || (cookie.expires !== undefined && cookie.expires.getTime() <= Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(
    method: InjectOptions['method'],
    url: string,
    payload?: InjectOptions['payload'],
    headers: Record<string, string> = {},
    options: { csrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method).toUpperCase());
    if (unsafe && options.csrf !== false && !this.csrfToken) await this.request('GET', '/refresh-csrf');
    const all: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) all.cookie = this.cookieHeader();
    if (unsafe && options.csrf !== false && this.csrfToken) all['x-xsrf-token'] = this.csrfToken;
    const response = await this.t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: all,
      ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
    });
    this.absorb(response);
    return response;
  }

  /** The same client as a `Caller` (signature of `bearerCaller`). */
  get call(): Caller {
    return (method, url, payload, headers) => this.request(method, url, payload, headers);
  }
}

/** Registers the single user through `POST /user`; returns the signed-in client. */
export async function registerWithSession(
  t: { readonly app: FastifyInstance },
  user: Credentials = john,
): Promise<SessionClient> {
  const client = new SessionClient(t);
  const response = await client.request('POST', '/user', {
    name: user.name,
    email: user.email,
    password: user.password,
    password_confirmation: user.password,
  });
  if (response.statusCode !== 201)
    throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
  return client;
}

/** Signs in with e-mail and password; returns the client (check `lastResponse` for failures). */
export async function loginWithSession(
  t: { readonly app: FastifyInstance },
  email = john.email,
  password = john.password,
  remoteAddress?: string,
): Promise<SessionClient & { lastResponse: LightMyRequestResponse }> {
  const client = new SessionClient(t, remoteAddress) as SessionClient & {
    lastResponse: LightMyRequestResponse;
  };
  client.lastResponse = await client.request('POST', '/user/login', { email, password });
  return client;
}

/**
 * A signed-in session of the user that `createUserWithToken` registered: what the sensitive
 * settings, refused to every token, are changed from.
 */
export async function sessionOfTokenUser(t: { readonly app: FastifyInstance }): Promise<SessionClient> {
  const client = await loginWithSession(t);
  if (client.lastResponse.statusCode !== 200) {
    throw new Error(`sign-in failed: ${client.lastResponse.statusCode} ${client.lastResponse.body}`);
  }
  return client;
}

/** Switches encryption at rest as the user does, from a signed-in session (tokens are refused). */
export async function switchEncryption(
  t: { readonly app: FastifyInstance },
  value: boolean,
): Promise<LightMyRequestResponse> {
  const session = await sessionOfTokenUser(t);
  return session.request('PUT', '/api/v1/settings/useEncryption', { value });
}

/**
 * A `Caller` that is the user `createUserWithToken` registered, signed in: one session, signed in
 * again when the server no longer knows it (a new test, a new app).
 */
export function asSignedInUser(t: { readonly app: FastifyInstance }): Caller {
  let session: SessionClient | undefined;
  let app: FastifyInstance | undefined;
  return async (method, url, payload, headers) => {
    if (session && app === t.app) {
      const response = await session.request(method, url, payload, headers);
      if (response.statusCode !== 401) return response;
    }
    app = t.app;
    session = await sessionOfTokenUser(t);
    return session.request(method, url, payload, headers);
  };
}
