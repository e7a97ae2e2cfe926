import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';
import { errors } from '../http/errors.js';
import type { Caller } from '../http/fastify-types.js';

/*
 * Reverse-proxy authentication: only a request whose socket peer is a trusted proxy
 * is believed; the proxy's identity header names the (virtual) user.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `REMOTE_USER` / `HTTP_REMOTE_USER` (2FAuth's server-variable spelling) -> `remote-user`. */
export function headerName(setting: string): string {
  return setting
    .trim()
    .replace(/^HTTP_/i, '')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** `::ffff:10.0.0.1` -> `10.0.0.1`. */
function plainAddress(address: string): string {
  return address.toLowerCase().startsWith('::ffff:') && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;
}

export type TrustCheck = (address: string | undefined) => boolean;

export function trustedProxyCheck(config: Config): TrustCheck {
  const entries = config.TRUSTED_PROXIES;
  if (entries === '*') return (address) => address !== undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    if (raw === undefined) return false;
    const address = plainAddress(raw);
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

function firstHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The proxy caller of a request, or an error: 403 when the peer is not a trusted proxy, 407 when
 * the identity header is missing or empty.
 */
export function proxyCaller(
  request: FastifyRequest,
  config: Config,
  isTrusted: TrustCheck,
): Caller | ReturnType<typeof errors.untrustedProxy> {
  if (!isTrusted(request.socket.remoteAddress)) return errors.untrustedProxy();
  const name = firstHeader(request, headerName(config.AUTH_PROXY_HEADER_FOR_USER))?.trim();
  if (!name) return errors.proxyIdentityMissing();
  const emailHeader = config.AUTH_PROXY_HEADER_FOR_EMAIL;
  const email = emailHeader ? firstHeader(request, headerName(emailHeader))?.trim() : undefined;
  return {
    kind: 'proxy',
    name: [...name].slice(0, 191).join(''),
    email: email && EMAIL.test(email) && email.length <= 191 ? email : null,
  };
}
