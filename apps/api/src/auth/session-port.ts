import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { endSession, ensureSession, openSession, saveSessionData, type SessionState } from './session.js';

/**
 * What the identity services (users, password reset, WebAuthn, device recovery) need of the HTTP
 * exchange, without Fastify: who is asking (address, logger) and their session. Routes build it
 * with `sessionPort(request, reply)`; a job, a command-line tool or a test can hand in its own.
 */
export interface SessionPort {
  /** The caller's IP address (the sign-in lockout keys). */
  readonly ip: string;
  /** The request's logger: its lines carry the request id. */
  readonly log: FastifyBaseLogger;
  /** The caller's User-Agent header, if any (the authentication log parses it; the new-device alert
   * compares browser families). */
  readonly userAgent?: string | undefined;
  /**
   * Signs the user in: a new session replaces the caller's (new id and CSRF token: no fixation).
   * Resolves to the new session's row id when there is one (the authentication log links to it).
   */
  open(userId: number): Promise<string | undefined>;
  /** Ends the caller's session and clears its cookie. */
  end(): Promise<void>;
  /** A short-lived value of the session (a WebAuthn challenge); an anonymous session is opened if none. */
  get(key: string): Promise<unknown>;
  /** Stores a short-lived value (`undefined` removes it); an anonymous session is opened if none. */
  set(key: string, value: unknown): Promise<void>;
}

/** The session port of a request: the session cookie, the sessions table and the CSRF cookie. */
export function sessionPort(request: FastifyRequest, reply: FastifyReply): SessionPort {
  // The session `get` and `set` work on, opened or refreshed once per request.
  let ensured: SessionState | undefined;
  const ensure = async () => (ensured ??= await ensureSession(request, reply));
  return {
    ip: request.ip,
    log: request.log,
    userAgent: request.headers['user-agent'],
    async open(userId) {
      ensured = undefined;
      return (await openSession(request, reply, userId)).id;
    },
    async end() {
      ensured = undefined;
      await endSession(request);
    },
    async get(key) {
      return (await ensure()).data[key];
    },
    async set(key, value) {
      const state = await ensure();
      const { [key]: _replaced, ...rest } = state.data;
      await saveSessionData(request, state, value === undefined ? rest : { ...rest, [key]: value });
    },
  };
}
