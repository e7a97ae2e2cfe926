import { createHash, createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieId } from './session.js';

/*
 * The import grant: the rate-limit bonus of an import (THROTTLE_API_DURING_IMPORT) goes only to
 * account creations that send back a grant the server issued, never to a request that merely
 * claims to come from the import screen (a Referer can be set by anyone). The migration preview
 * answers an `X-Import-Grant` header: `<expiry ms>.<HMAC-SHA256>` over the expiry and the caller
 * it was issued to (its Bearer token, its session, or its IP in proxy mode), keyed from the app key.
 * The client sends it back as `X-Import-Grant` on the `POST /api/v1/twofaccounts` of that import.
 * Stateless, so it holds on every replica sharing the app key.
 */

export const IMPORT_GRANT_HEADER = 'x-import-grant';
/** Long enough for a large import at the raised rate; a new preview issues a new grant. */
export const IMPORT_GRANT_TTL_MS = 15 * 60 * 1000;
const GRANT = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

const keyOf = (appKey: Buffer) =>
  Buffer.from(hkdfSync('sha256', appKey, Buffer.alloc(0), 'twofold import grant', 32));
const keys = new WeakMap<Buffer, Buffer>();

function grantKey(request: FastifyRequest): Buffer {
  const appKey = request.server.deps.keys.current;
  let key = keys.get(appKey);
  if (!key) {
    key = keyOf(appKey);
    keys.set(appKey, key);
  }
  return key;
}

/** Who the grant is for: the one rate-limit counter it may raise. */
function subjectOf(request: FastifyRequest, proxyMode: boolean): string {
  if (proxyMode) return `ip:${request.ip}`;
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    return `bearer:${createHash('sha256').update(authorization.trim(), 'utf8').digest('hex')}`;
  }
  const sid = sessionCookieId(request);
  return sid ? `session:${createHash('sha256').update(sid, 'utf8').digest('hex')}` : `ip:${request.ip}`;
}

const mac = (key: Buffer, expires: number, subject: string) =>
  createHmac('sha256', key).update(`${expires}.${subject}`, 'utf8').digest('base64url');

/** Sets a fresh grant on a successful preview answer. */
export function issueImportGrant(request: FastifyRequest, reply: FastifyReply): void {
  const { config, clock } = request.server.deps;
  const proxyMode = config.AUTHENTICATION_GUARD === 'reverse-proxy-guard';
  const expires = clock.now().getTime() + IMPORT_GRANT_TTL_MS;
  const value = `${expires}.${mac(grantKey(request), expires, subjectOf(request, proxyMode))}`;
  void reply.header(IMPORT_GRANT_HEADER, value);
}

/** True when the request carries an unexpired grant issued to the same caller. */
export function hasImportGrant(request: FastifyRequest, proxyMode: boolean): boolean {
  const header = request.headers[IMPORT_GRANT_HEADER];
  const match = typeof header === 'string' ? GRANT.exec(header) : null;
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= request.server.deps.clock.now().getTime()) return false;
  const expected = Buffer.from(mac(grantKey(request), expires, subjectOf(request, proxyMode)));
  const sent = Buffer.from(match[2]!);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}
