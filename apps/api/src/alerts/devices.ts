import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { agentParser } from '../auth-log/user-agent.js';

/*
 * What makes a device "seen before": the browser family, the platform and the IP range (/24 for
 * IPv4, /64 for IPv6), so a browser update or a new address from the same provider block does not
 * alert, but another browser or network does. The browser and platform are the auth log's parse of
 * the user agent, so an alert names the device as the log shows it.
 */

export interface DeviceFacts {
  readonly browser: string;
  readonly platform: string;
  readonly ipRange: string;
}

/** The expanded groups of an IPv6 address (`::` filled in). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((group) =>
    group.toLowerCase().replace(/^0+(?=.)/, ''),
  );
}

export function ipRange(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address))
    return `${ipv6Groups(address.split('%')[0] ?? address)
      .slice(0, 4)
      .join(':')}::/64`;
  return address;
}

export async function deviceFacts(ip: string, userAgent: string | undefined): Promise<DeviceFacts> {
  const parsed = (await agentParser())(userAgent ?? null);
  return {
    browser: parsed.browser || 'unknown',
    platform: parsed.platform || 'unknown',
    ipRange: ipRange(ip),
  };
}

/** Keyed with the app key: an IP range alone is easy to guess back from a plain hash. */
export function deviceHash(key: Buffer, facts: DeviceFacts): string {
  return createHmac('sha256', key)
    .update(`alert-device\0${facts.browser}\0${facts.platform}\0${facts.ipRange}`)
    .digest('hex');
}
