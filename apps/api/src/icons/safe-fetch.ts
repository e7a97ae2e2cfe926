import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * Outgoing image fetches (formats.md §7.3), only when the operator opts in: http(s) only, DNS
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
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: Buffer | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      resolve(value);
    };
    const request = client.get(
      url,
      {
        // Connect to the address checked above (no second resolution: no DNS rebinding).
        // With autoSelectFamily (Node 20's default) the lookup is asked for every address (`all`).
        lookup: (_hostname, lookupOptions, callback) => {
          if (lookupOptions.all) callback(null, [{ address, family }]);
          else callback(null, address, family);
        },
        headers: { 'user-agent': 'Twofold', accept: 'image/*' },
        servername: isIP(host) ? undefined : host,
      },
      (response) => {
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
      },
    );
    const total = setTimeout(() => {
      request.destroy();
      finish(undefined);
    }, options.totalTimeoutMs ?? 10_000);
    request.setTimeout(options.connectTimeoutMs ?? 5_000, () => {
      request.destroy();
      finish(undefined);
    });
    request.on('error', () => finish(undefined));
  });
}
