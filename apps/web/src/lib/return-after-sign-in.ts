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
  const href = peekReturn();
  forgetReturn();
  return href;
}

/**
 * The remembered page, kept: a sign-in through the OpenID Connect provider leaves the app and
 * hands it to the server, which comes back to it; the page forgets it once reached.
 */
export function peekReturn(): string | undefined {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (stored === null) return undefined;
    const { href, at } = JSON.parse(stored) as { href?: unknown; at?: unknown };
    if (typeof href !== 'string' || typeof at !== 'number' || Date.now() - at > KEPT_MS) return undefined;
    return href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\') ? href : undefined;
  } catch {
    return undefined;
  }
}

/** Reached signed in: nothing to come back to any more. */
export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // No storage: nothing was remembered.
  }
}
