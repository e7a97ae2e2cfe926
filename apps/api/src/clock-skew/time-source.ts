import type { Clock } from '../clock.js';

/**
 * An outside reference for the server's clock: an SNTP server (`ntp://host[:port]`, UDP) or the
 * `Date` header of a web address (`https://...`; `http://` too, for a time server on the local
 * network). `off` (or empty): none, the devices' clocks only.
 */
export type TimeSource =
  | { readonly kind: 'off' }
  | { readonly kind: 'ntp'; readonly host: string; readonly port: number }
  | { readonly kind: 'http'; readonly url: string };

/** What `TIME_CHECK` and the `timeCheck` setting accept, for messages and docs. */
export const TIME_SOURCE_FORMAT = '`off`, `ntp://host[:port]` or an `https://` URL';

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)*[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Reads a time source; undefined when the text names none. */
export function parseTimeSource(raw: string): TimeSource | undefined {
  const text = raw.trim();
  if (text === '' || text === 'off') return { kind: 'off' };
  if (text.length > 500) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  if (url.protocol === 'ntp:') {
    // `new URL` keeps a non-special scheme's host as written: checked here.
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if ((!HOST.test(host) && !host.includes(':')) || (url.pathname !== '' && url.pathname !== '/'))
      return undefined;
    const port = url.port === '' ? 123 : Number(url.port);
    return { kind: 'ntp', host, port };
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'http', url: url.href };
  return undefined;
}

type NtpClient = new (
  host: string,
  port: number,
  options: { timeout: number },
) => { syncTime(): Promise<{ transmitTimestamp: number; stratum: number; d: number }> };

const NTP_EPOCH_OFFSET_S = 2_208_988_800;
const TIMEOUT_MS = 5_000;

/**
 * How far the server's clock (`clock`) is ahead of the source's (negative: behind), in ms.
 * Throws when the source does not answer or answers nonsense.
 */
export async function measureOffset(
  source: Exclude<TimeSource, { kind: 'off' }>,
  clock: Clock,
): Promise<number> {
  return source.kind === 'ntp'
    ? ntpOffset(source.host, source.port, clock)
    : httpDateOffset(source.url, clock);
}

/**
 * SNTP (RFC 4330) through `ntp-time`, a small dependency-free client, loaded only when a check is
 * configured. The server's receive time plus half the round trip is set against this clock.
 */
async function ntpOffset(host: string, port: number, clock: Clock): Promise<number> {
  // A CommonJS module whose typings do not export its client: its shape as used here.
  const loaded = (await import('ntp-time')) as unknown as { default: { Client: NtpClient } };
  const packet = await new loaded.default.Client(host, port, { timeout: TIMEOUT_MS }).syncTime();
  const local = clock.now().getTime();
  const serverMs = (packet.transmitTimestamp - NTP_EPOCH_OFFSET_S) * 1000;
  if (!Number.isFinite(serverMs) || packet.stratum === 0 || packet.stratum >= 16)
    throw new Error('the time server is not synchronised');
  return Math.round(local - (serverMs + (Math.max(0, packet.d) * 1000) / 2));
}

/** The `Date` of a HEAD request (whole seconds: half a second is added), set against the midpoint. */
async function httpDateOffset(url: string, clock: Clock): Promise<number> {
  const sent = clock.now().getTime();
  const response = await fetch(url, {
    method: 'HEAD',
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const received = clock.now().getTime();
  const date = Date.parse(response.headers.get('date') ?? '');
  if (!Number.isFinite(date)) throw new Error('the answer has no Date header');
  return Math.round((sent + received) / 2 - (date + 500));
}
