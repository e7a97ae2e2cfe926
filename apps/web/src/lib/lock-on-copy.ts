import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { shellPreferences } from '../entities/settings/preferences';
import { currentUserQuery } from '../entities/user/user.api';

/** The `kickUserAfter` value of auto-lock 'on copy' (the others are minutes, 0 never). */
const ON_COPY = -1;

/** Whether this `kickUserAfter` locks the session as soon as a code is copied. */
export function locksOnCopy(kickUserAfter: number): boolean {
  return kickUserAfter === ON_COPY;
}

/**
 * The one rule of auto-lock 'on copy', for every place a code can be copied (the list, the code
 * window): when the user's preferences ask for it, a copied code ends the session at once (the
 * auto-lock screen). Returns what locks the session, or null when they do not ask for it.
 * The preferences are read from the session's user, which every load asks the server for, and not
 * from the settings list, which a load first shows as the last visit left it: a code copied right
 * after a load must follow the lock the user chose since, as the inactivity lock does.
 */
export function useLockOnCopy(): (() => void) | null {
  const navigate = useNavigate();
  const { data: user } = useQuery(currentUserQuery);
  const lock = useCallback(() => void navigate({ to: '/autolock' }), [navigate]);
  return user && locksOnCopy(shellPreferences(user.preferences).kickUserAfter) ? lock : null;
}
