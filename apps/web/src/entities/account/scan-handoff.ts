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
