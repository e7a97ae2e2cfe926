import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

/*
 * Outgoing image fetches, only when the operator opts in: http(s) only, DNS
 * resolved once and that address used, private/loopback/link-local/CGNAT/multicast refused, no
 * redirects, 5 s to connect, 10 s in total, a size cap. Any failure is "no image".
 */

// Two lists: Node's BlockList also matches IPv4 addresses against IPv4-mapped IPv6 rules, so
// one shared list with `::ffff:0:0/96` would refuse every IPv4 address.
const blockedV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockedV4.addSubnet(net, bits, 'ipv4');
}
const blockedV6 = new BlockList();
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible form
  ['64:ff9b::', 96],
  ['100::', 64],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blockedV6.addSubnet(net, bits, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blockedV4.check(address, 'ipv4');
  if (family !== 6) return false;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:hhhh:hhhh) is judged as its IPv4 address.
  const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(address)?.[1];
  if (mapped !== undefined) {
    if (isIP(mapped) === 4) return !blockedV4.check(mapped, 'ipv4');
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(mapped);
    if (!hex) return false;
    const value = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
    const v4 = [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join('.');
    return !blockedV4.check(v4, 'ipv4');
  }
  return !blockedV6.check(address, 'ipv6');
}

export interface SafeFetchOptions {
  readonly maxBytes: number;
  readonly connectTimeoutMs?: number;
  readonly totalTimeoutMs?: number;
  /** Which resolved addresses may be contacted (tests allow loopback); public addresses by default. */
  readonly addressAllowed?: (address: string) => boolean;
  /** PROXY_FOR_OUTGOING_REQUESTS: an http:// proxy (optionally with user:password). */
  readonly proxy?: string | undefined;
}

function proxyHeaders(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { 'proxy-authorization': `Basic ${Buffer.from(credentials).toString('base64')}` };
}

/** A TCP tunnel to `host:port` through an HTTP proxy (CONNECT). */
export function openTunnel(proxy: URL, host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: proxy.hostname.replace(/^\[|\]$/g, ''),
      port: Number(proxy.port) || 80,
      method: 'CONNECT',
      path: `${host}:${port}`,
      headers: { host: `${host}:${port}`, ...proxyHeaders(proxy) },
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error('proxy timeout')));
    request.on('connect', (response, socket) => {
      if (response.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`proxy answered ${response.statusCode}`));
      }
    });
    request.on('error', reject);
    request.end();
  });
}

/** GETs a URL under the rules above; resolves to the body or undefined. Never throws. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<Buffer | undefined> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let address: string;
  let family: number;
  try {
    if (isIP(host)) {
      address = host;
      family = isIP(host);
    } else {
      const resolved = await lookup(host);
      address = resolved.address;
      family = resolved.family;
    }
  } catch {
    return undefined;
  }
  if (!(options.addressAllowed ?? isPublicAddress)(address)) return undefined;
  const proxy = options.proxy ? new URL(options.proxy) : undefined;
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  // The checked address, never the name again (no second resolution: no DNS rebinding).
  const target = family === 6 ? `[${address}]` : address;
  const servername = isIP(host) ? undefined : host;
  const headers = { 'user-agent': 'Twofold', accept: 'image/*' };
  const connectTimeout = options.connectTimeoutMs ?? 5_000;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      resolve(value);
    };
    const onResponse = (response: http.IncomingMessage) => {
      if (response.statusCode !== 200) {
        response.resume();
        finish(undefined);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          request.destroy();
          finish(undefined);
        } else chunks.push(chunk);
      });
      response.on('end', () => finish(Buffer.concat(chunks)));
      response.on('error', () => finish(undefined));
    };
    let request: http.ClientRequest;
    if (!proxy) {
      const client = url.protocol === 'https:' ? https : http;
      request = client.get(
        url,
        {
          // With autoSelectFamily (Node 20's default) the lookup is asked for every address (`all`).
          lookup: (_hostname, lookupOptions, callback) => {
            if (lookupOptions.all) callback(null, [{ address, family }]);
            else callback(null, address, family);
          },
          headers,
          servername,
        },
        onResponse,
      );
    } else if (url.protocol === 'http:') {
      // Plain http through the proxy: the absolute form, naming the checked address.
      request = http.get(
        {
          host: proxy.hostname.replace(/^\[|\]$/g, ''),
          port: Number(proxy.port) || 80,
          path: `http://${target}:${port}${url.pathname}${url.search}`,
          headers: { ...headers, host: url.host, ...proxyHeaders(proxy) },
        },
        onResponse,
      );
    } else {
      // https through a CONNECT tunnel to the checked address; TLS is verified against the name.
      request = https.get(
        url,
        {
          headers,
          createConnection: (_options, done: (error: Error | null, socket: Duplex) => void) => {
            openTunnel(proxy, target, port, connectTimeout).then(
              (socket) => done(null, tls.connect({ socket, host, ...(servername ? { servername } : {}) })),
              (error: Error) => done(error, undefined as never),
            );
            return undefined;
          },
        },
        onResponse,
      );
    }
    const total = setTimeout(() => {
      request.destroy();
      finish(undefined);
    }, options.totalTimeoutMs ?? 10_000);
    request.setTimeout(connectTimeout, () => {
      request.destroy();
      finish(undefined);
    });
    request.on('error', () => finish(undefined));
  });
}
