import { invalid } from '../http/field-errors.js';

/**
 * What the settings show in place of a password in a channel's URL (`https://user:pass@host`):
 * the password is write-only, like a token. Sent back unchanged, it stands for the stored one.
 */
export const MASKED_PASSWORD = '********';

/** The URL as the settings show it: its password masked. */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password === '') return url;
  parsed.password = MASKED_PASSWORD;
  return parsed.toString();
}

/** A channel's address, checked: http or https only. */
function checkedUrl(url: string | null | undefined): URL {
  if (!url) throw invalid('url', 'validation.required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalid('url', 'validation.url');
  }
  // Any host, LAN and loopback included: the address is the signed-in user's own ntfy, Gotify or
  // receiver, not one handed to the server by someone else (as a logo address is).
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw invalid('url', 'validation.url');
  return parsed;
}

/**
 * The URL to store. A masked password stands for the stored one only on the same address
 * otherwise: the password of one server is never sent to another (422 on `url`).
 */
export function urlToStore(url: string | null | undefined, stored: string | undefined): string {
  const parsed = checkedUrl(url);
  if (parsed.password !== MASKED_PASSWORD) return parsed.toString();
  const previous = stored === undefined ? undefined : new URL(stored);
  if (previous && previous.password !== '') {
    parsed.password = previous.password;
    if (parsed.toString() === previous.toString()) return parsed.toString();
  }
  throw invalid('url', 'error.alert_url_password');
}

/** A push subscription's endpoint, checked as a channel's address is (422 on `endpoint`). */
export function checkedEndpoint(endpoint: string): string {
  try {
    return checkedUrl(endpoint).toString();
  } catch {
    throw invalid('endpoint', 'validation.url');
  }
}
