import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/*
 * Outgoing image fetches (formats.md §7.3), only when the operator opts in: http(s) only, DNS
 * resolved once and that address used, private/loopback/link-local/CGNAT/multicast refused, no
 * redirects, 5 s to connect, 10 s in total, a size cap. Any failure is "no image".
 */

const blocked = new BlockList();
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
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export interface SafeFetchOptions {
  readonly maxBytes: number;
  readonly connectTimeoutMs?: number;
  readonly totalTimeoutMs?: number;
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
  if (!isPublicAddress(address)) return undefined;
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
        lookup: (_hostname, _options, callback) => callback(null, address, family),
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
