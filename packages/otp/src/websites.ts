import { parse } from 'tldts';
import issuers from './websites-of-issuers.json' with { type: 'json' };

/*
 * @twofold/otp/websites: the websites where an account's codes are asked for, for the web app's
 * account form, the server and the browser extension alike (no node: module).
 *
 * A website is kept as its registrable domain (the part a registrant owns: `github.com` for
 * `gist.github.com`, `example.co.uk` for `www.example.co.uk`), found with the Public Suffix List
 * (tldts), private suffixes included: `alice.github.io` and `bob.github.io` are two sites. Names
 * are lowercase punycode (`xn--mnchen-3ya.de`). IP addresses and `localhost` (self-hosted services)
 * are kept as they are and match only themselves.
 */

const PSL = { allowPrivateDomains: true } as const;
const LONGEST_HOST = 253;

/** The lowercase punycode host of `text` (a domain or an http(s) URL), or null. */
function hostOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > 2048 || /\s/.test(trimmed)) return null;
  const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed);
  let url: URL;
  try {
    url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // `mailto:me@github.com` read as a URL has a user name: not a website.
  if (url.username !== '' || url.password !== '') return null;
  const host = url.hostname.replace(/\.$/, '');
  return host === '' || host.length > LONGEST_HOST ? null : host;
}

const isExactHost = (host: string, isIp: boolean | null) => isIp === true || host === 'localhost';

/**
 * The website to store for what the user typed (`GitHub.com`, `https://gist.github.com/x`,
 * `münchen.de`, `192.168.1.2`), or null when it names no website (`com`, `co.uk`, `github`, a
 * `mailto:` link...).
 */
export function normaliseWebsite(input: string): string | null {
  const host = hostOf(input);
  if (host === null) return null;
  const parsed = parse(host, PSL);
  if (isExactHost(host, parsed.isIp)) return host;
  return parsed.domain !== null && parsed.domain !== '' && parsed.domainWithoutSuffix ? parsed.domain : null;
}

/** What a page is compared with: its registrable domain, or its exact host (IP, localhost). */
export function siteOf(pageUrl: string): string | null {
  return normaliseWebsite(pageUrl);
}

/**
 * Whether a page belongs to one of an account's websites: the same registrable domain (any
 * subdomain of it), never a substring: `github.com.evil.io`, `githab.com` and `xn--gthub-…`
 * look-alikes do not match `github.com`. IP addresses and `localhost` match only themselves.
 */
export function matchesSite(accountWebsites: readonly string[], pageUrl: string): boolean {
  const site = siteOf(pageUrl);
  if (site === null) return false;
  return accountWebsites.some((website) => normaliseWebsite(website) === site);
}

const issuerKey = (issuer: string) => issuer.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
const KNOWN: Readonly<Record<string, readonly string[]>> = issuers;

/**
 * Websites to suggest for an account of `issuer`: from a short list of well-known services
 * (`known`), else a guess (`<issuer>.com`) to show the user, never to store unasked.
 */
export function suggestWebsites(issuer: string): { readonly domains: string[]; readonly known: boolean } {
  const key = issuerKey(issuer);
  const known = Object.hasOwn(KNOWN, key) ? KNOWN[key] : undefined;
  if (known) return { domains: [...known], known: true };
  const guess = normaliseWebsite(`${issuer.toLowerCase().replace(/\s+/g, '')}.com`);
  return { domains: guess === null ? [] : [guess], known: false };
}

/** At most this many websites per account. */
export const MAX_WEBSITES = 20;
