import { useEffect, useState } from 'react';

export type HandoffKind = 'otpauth' | 'migration';

/**
 * A scanned or uploaded QR code's content on its way to the screen that uses it. It holds
 * an OTP secret (or a whole migration batch), so it travels in memory only: never in the
 * address, where it would land in the history, the server logs of a proxy and bookmarks.
 */
let pending: { readonly kind: HandoffKind; readonly uri: string } | null = null;

/** Keeps the scanned content for the next screen; call it just before navigating there. */
export function handOff(kind: HandoffKind, uri: string): void {
  pending = { kind, uri };
}

/**
 * The content handed to this screen, read once when it mounts; the store is emptied so a
 * later visit (back button, reload) starts blank.
 */
export function useScanHandoff(kind: HandoffKind): string | undefined {
  const [uri] = useState(() => (pending?.kind === kind ? pending.uri : undefined));
  useEffect(() => {
    if (pending?.kind === kind && pending.uri === uri) pending = null;
  }, [kind, uri]);
  return uri;
}

export type ScanOutcome =
  | { readonly kind: 'migration'; readonly uri: string }
  | { readonly kind: 'otpauth'; readonly uri: string }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'empty' };

const MIGRATION_PREFIX = 'otpauth-migration://offline?data=';
/** otpauth URIs of the types the server reads, any letter case (Aegis writes Steam as `steam`). */
const OTPAUTH_PREFIX = /^otpauth:\/\/(totp|hotp|steam)\//i;

/**
 * What a scanned or uploaded QR code holds: the first
 * 33 characters for a Google migration, the type for an otpauth URI.
 */
export function classifyScan(data: string | null | undefined): ScanOutcome {
  if (!data) return { kind: 'empty' };
  if (data.slice(0, MIGRATION_PREFIX.length).toLowerCase() === MIGRATION_PREFIX)
    return { kind: 'migration', uri: data };
  if (OTPAUTH_PREFIX.test(data)) return { kind: 'otpauth', uri: data };
  return { kind: 'invalid' };
}

/** The address fragment that carries a QR code's content from the browser extension. */
const FRAGMENT_KEY = '#otpauth=';

/**
 * Takes a QR code's content handed over in the address fragment (`#otpauth=<encoded>`: the
 * extension's "Scan a QR code on this page" opens the create form so) and hands it to its screen
 * in memory like a scan. The fragment never reaches a server or a proxy; it is removed at once
 * so that neither the address bar nor the history entry keeps the secret. Returns the path to
 * replace the address with (the create form, or the import screen for a Google Authenticator
 * migration), or null when the address carries no such fragment.
 */
export function takeFragmentHandoff(location: {
  readonly hash: string;
  readonly pathname: string;
}): string | null {
  if (!location.hash.startsWith(FRAGMENT_KEY)) return null;
  let data: string | null = null;
  try {
    data = decodeURIComponent(location.hash.slice(FRAGMENT_KEY.length));
  } catch {
    // A malformed escape: treated as no content; the fragment is removed all the same.
  }
  const outcome = classifyScan(data);
  switch (outcome.kind) {
    case 'migration':
      handOff('migration', outcome.uri);
      return '/account/import';
    case 'otpauth':
      handOff('otpauth', outcome.uri);
      return '/account/create';
    default:
      return location.pathname;
  }
}
