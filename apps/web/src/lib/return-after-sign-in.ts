/*
 * A page that asks to be come back to after a sign-in (the extension's connect page with its code):
 * remembered in this tab for a quarter of an hour, taken once by the first sign-in.
 */
const KEY = 'twofold.return-after-sign-in';
const KEPT_MS = 15 * 60 * 1000;

export function rememberReturn(href: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ href, at: Date.now() }));
  } catch {
    // No storage (private mode): the sign-in goes to the accounts.
  }
}

/** The remembered page (a path of this app, never another site), once; undefined when none. */
export function takeReturn(): string | undefined {
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (stored === null) return undefined;
    const { href, at } = JSON.parse(stored) as { href?: unknown; at?: unknown };
    if (typeof href !== 'string' || typeof at !== 'number' || Date.now() - at > KEPT_MS) return undefined;
    return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') ? href : undefined;
  } catch {
    return undefined;
  }
}
