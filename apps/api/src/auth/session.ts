import { createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import secureSession from '@fastify/secure-session';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  insertSession,
  touchSession,
  writeSessionData,
} from './sessions.queries.js';
import { cachedNativeSettings } from '../settings/settings.cache.js';
import type { Config } from '../config/config.js';
import type { AppKeys } from '../config/app-key.js';

/*
 * Server-side sessions. The encrypted `app_session` cookie carries only
 * a random session id; the database keeps its SHA-256 with the user, the CSRF token, short-lived
 * data (WebAuthn challenges) and the last activity, so deleting a row ends the session at once.
 * An anonymous visitor gets no row: the CSRF token of the login page lives in the encrypted cookie
 * alone (`csrf`), so cookieless requests cannot fill the sessions table. A row is opened only when
 * something needs one (sign-in, a WebAuthn challenge).
 */

declare module '@fastify/secure-session' {
  interface SessionData {
    sid: string;
    /** The CSRF token of a visitor without a stored session. */
    csrf: string;
  }
}

export const SESSION_COOKIE = 'app_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** Signed-in sessions end 90 days after sign-in at the latest. */
const USER_SESSION_MS = 90 * 24 * 3600 * 1000;
/** Anonymous sessions (CSRF token of the login page, WebAuthn challenges) live a day after last use. */
const ANONYMOUS_SESSION_MS = 24 * 3600 * 1000;
const SID = /^[A-Za-z0-9_-]{43}$/;

/** The CSRF token kept in the encrypted cookie of a visitor without a stored session, if any. */
function cookieCsrf(request: FastifyRequest): string | undefined {
  const token = request.session.get('csrf');
  return typeof token === 'string' && SID.test(token) ? token : undefined;
}

export interface SessionState {
  /** SHA-256 (hex) of the cookie's session id: the row id. */
  readonly id: string;
  readonly userId: number | null;
  readonly csrfToken: string;
  data: Record<string, unknown>;
  readonly lastActivityAt: Date;
}

const hashId = (sid: string) => createHash('sha256').update(sid, 'utf8').digest('hex');

/** The cookie key, derived from the app key (and former keys, so rotation keeps sessions). */
function cookieKey(appKey: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'twofold session cookie', 32));
}

const loaded = new WeakMap<FastifyRequest, SessionState | null>();

/** The request's live session (signed-in or anonymous), or null. Loaded once per request. */
export async function currentSession(request: FastifyRequest): Promise<SessionState | null> {
  const cached = loaded.get(request);
  if (cached !== undefined) return cached;
  const sid = request.session.get('sid');
  let state: SessionState | null = null;
  if (typeof sid === 'string' && SID.test(sid)) {
    const row = await findSession(request.server.deps.db, hashId(sid), request.server.deps.clock.now());
    if (row) {
      state = {
        id: row.id,
        userId: row.user_id,
        csrfToken: row.csrf_token,
        data: row.data,
        lastActivityAt: new Date(row.last_activity_at),
      };
    }
  }
  loaded.set(request, state);
  return state;
}

/** The raw session id of the cookie (rate-limit key of the web app), if any. */
export function sessionCookieId(request: FastifyRequest): string | undefined {
  const sid = request.session.get('sid');
  return typeof sid === 'string' && SID.test(sid) ? sid : undefined;
}

export function setCsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: request.server.deps.config.secureCookies,
    maxAge: USER_SESSION_MS / 1000,
  });
}

/**
 * Opens a new session (sign-in, registration, reset, recovery, or an anonymous one): the previous
 * session of the request is deleted, so both the id and the CSRF token rotate (no fixation).
 */
export async function openSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number | null,
): Promise<SessionState> {
  const { db, clock } = request.server.deps;
  const now = clock.now();
  const previous = await currentSession(request);
  if (previous) await deleteSession(db, previous.id);
  await deleteExpiredSessions(db, now);
  const sid = randomBytes(32).toString('base64url');
  // An anonymous row (WebAuthn challenge) keeps the page's token; a sign-in rotates it.
  const csrfToken =
    (userId === null ? cookieCsrf(request) : undefined) ?? randomBytes(32).toString('base64url');
  const id = hashId(sid);
  const lifetime = userId === null ? ANONYMOUS_SESSION_MS : USER_SESSION_MS;
  await insertSession(db, {
    id,
    userId,
    csrfToken,
    now,
    expiresAt: new Date(now.getTime() + lifetime),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
  request.session.set('sid', sid);
  request.session.set('csrf', undefined);
  setCsrfCookie(request, reply, csrfToken);
  const state: SessionState = { id, userId, csrfToken, data: {}, lastActivityAt: now };
  loaded.set(request, state);
  return state;
}

/** Deletes the request's session and clears its cookie. */
export async function endSession(request: FastifyRequest): Promise<void> {
  const state = await currentSession(request);
  if (state) await deleteSession(request.server.deps.db, state.id);
  request.session.delete();
  loaded.set(request, null);
}

/**
 * Sign-out: deletes the request's session and gives the visitor a new CSRF token, kept in the
 * cookie only (no row).
 */
export async function endSessionRotatingCsrf(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const state = await currentSession(request);
  if (state) await deleteSession(request.server.deps.db, state.id);
  loaded.set(request, null);
  const token = randomBytes(32).toString('base64url');
  request.session.regenerate();
  request.session.set('csrf', token);
  setCsrfCookie(request, reply, token);
}

/**
 * The CSRF token of the request (its CSRF cookie is set): the stored session's, else the one in the
 * encrypted cookie, else a new one written to the cookie. Never stores a session.
 */
export async function ensureCsrf(request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const state = await currentSession(request);
  if (state) return (await ensureSession(request, reply)).csrfToken;
  let token = cookieCsrf(request);
  if (!token) {
    token = randomBytes(32).toString('base64url');
    request.session.set('csrf', token);
  }
  setCsrfCookie(request, reply, token);
  return token;
}

/** The current session, or a new anonymous one (its CSRF cookie is set). */
export async function ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<SessionState> {
  const state = await currentSession(request);
  if (state) {
    if (state.userId === null) {
      const now = request.server.deps.clock.now();
      await touchSession(
        request.server.deps.db,
        state.id,
        now,
        new Date(now.getTime() + ANONYMOUS_SESSION_MS),
      );
    }
    setCsrfCookie(request, reply, state.csrfToken);
    return state;
  }
  return openSession(request, reply, null);
}

/** `X-XSRF-TOKEN` (or `X-CSRF-TOKEN`) equals the session's token, compared in constant time. */
export function csrfMatches(request: FastifyRequest, state: SessionState | null): boolean {
  const token = state ? state.csrfToken : cookieCsrf(request);
  if (token === undefined) return false;
  const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
  const sent = Buffer.from(typeof header === 'string' ? header : '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/** True when the signed-in session has been idle past the auto-lock backstop. */
export async function isIdle(request: FastifyRequest, state: SessionState): Promise<boolean> {
  const minutes = (await cachedNativeSettings(request.server.deps)).kickUserAfter;
  if (typeof minutes !== 'number' || minutes <= 0) return false;
  const idleMs = request.server.deps.clock.now().getTime() - state.lastActivityAt.getTime();
  return idleMs >= (minutes + 1) * 60_000;
}

export async function markActivity(request: FastifyRequest, state: SessionState): Promise<void> {
  await touchSession(request.server.deps.db, state.id, request.server.deps.clock.now());
}

/** Stores short-lived values (WebAuthn challenges) in the session. */
export async function saveSessionData(
  request: FastifyRequest,
  state: SessionState,
  data: Record<string, unknown>,
): Promise<void> {
  state.data = data;
  await writeSessionData(request.server.deps.db, state.id, data);
}

/**
 * The session cookie plugin. Also gives every HTML page (the web app) a CSRF cookie (kept in the
 * encrypted cookie when nobody is signed in), so login and registration are protected too.
 */
export const sessionPlugin = fp<{ config: Config; keys: AppKeys }>(
  async (app, { config, keys }) => {
    // In proxy mode too: the proxy's identity header is checked for CSRF like a session cookie.
    // Added before the cookie plugin so that its onSend hook, which writes the cookie, runs after.
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (request.method === 'GET' && reply.statusCode === 200 && String(type).startsWith('text/html')) {
        ensureCsrf(request, reply).then(() => done(null, payload), done);
      } else {
        done(null, payload);
      }
    });
    await app.register(secureSession, {
      cookieName: SESSION_COOKIE,
      key: [keys.current, ...keys.previous].map(cookieKey),
      expiry: USER_SESSION_MS / 1000,
      cookie: {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.secureCookies,
        maxAge: USER_SESSION_MS / 1000,
      },
    });
  },
  { name: 'session' },
);
