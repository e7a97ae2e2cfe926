// Which accounts a page may be offered: an account's websites are registrable domains
// ("github.com"), compared with the page's registrable domain as the public-suffix list defines it
// (tldts), never by substring. IP addresses and hosts without a registrable domain match nothing;
// internationalised names are compared in their ASCII (punycode) form, so a look-alike written with
// other scripts is a different domain.
import { parse } from 'tldts';

/** The registrable domain of a page's URL (lower-case ASCII), or null (IP, localhost, no suffix). */
export function registrableDomain(pageUrl: string): string | null {
  let host: string;
  try {
    const url = new URL(pageUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    host = url.hostname;
  } catch {
    return null;
  }
  const parsed = parse(host, { allowPrivateDomains: true });
  if (parsed.isIp || !parsed.domain) return null;
  return parsed.domain.toLowerCase();
}

/** A website as stored ("GitHub.com", "https://github.com/login") reduced to its registrable domain. */
export function websiteDomain(website: string): string | null {
  const trimmed = website.trim();
  if (!trimmed) return null;
  return registrableDomain(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
}

/** True when one of the account's websites is the page's registrable domain. */
export function matchesSite(websites: readonly string[] | undefined, pageUrl: string): boolean {
  const page = registrableDomain(pageUrl);
  if (!page || !websites) return false;
  return websites.some((website) => websiteDomain(website) === page);
}
