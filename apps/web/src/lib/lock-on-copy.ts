import type { NativeSettings } from '@twofold/otp/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The `kickUserAfter` value of auto-lock 'on copy' (the others are minutes, 0 never). */
const ON_COPY = -1;

/** Whether this `kickUserAfter` locks the session as soon as a code is copied. */
export function locksOnCopy(kickUserAfter: number): boolean {
  return kickUserAfter === ON_COPY;
}

/**
 * The one rule of auto-lock 'on copy', for every place a code can be copied (the list, the code
 * window): when the settings ask for it, a copied code ends the session at once (the auto-lock
 * screen). Returns what locks the session, or null when the settings do not ask for it.
 */
export function useLockOnCopy(settings: Pick<NativeSettings, 'kickUserAfter'>): (() => void) | null {
  const navigate = useNavigate();
  const lock = useCallback(() => void navigate({ to: '/autolock' }), [navigate]);
  return locksOnCopy(settings.kickUserAfter) ? lock : null;
}
