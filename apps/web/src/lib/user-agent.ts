/** What a user agent says of itself, as far as it is recognised (`false`: not recognised). */
export interface AgentFacts {
  readonly browser: string | false;
  readonly platform: string | false;
}

/** Browsers, the most specific first: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet for Android'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems, the most specific first: Android says "Linux", iPadOS may say "Mac OS X". */
const PLATFORMS: readonly (readonly [RegExp, string])[] = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'Chrome OS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const first = (table: readonly (readonly [RegExp, string])[], userAgent: string) =>
  table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? false;

/**
 * A browser's user agent read as the server reads it for the sessions and the sign-in log (the
 * same names), for the records that keep only the raw string (the offline copies).
 */
export function parseUserAgent(userAgent: string | null | undefined): AgentFacts {
  if (!userAgent) return { browser: false, platform: false };
  return { browser: first(BROWSERS, userAgent), platform: first(PLATFORMS, userAgent) };
}

/** `Firefox, Windows`: what was recognised, else `unknown` (the caller's words for it). */
export function deviceLabel(facts: AgentFacts, unknown: string): string {
  const parts = [facts.browser, facts.platform].filter((part): part is string => part !== false);
  return parts.length > 0 ? parts.join(', ') : unknown;
}
