import { useQuery } from '@tanstack/react-query';
import type { NativeSettings } from '@twofold/otp/browser';
import { useMemo } from 'react';
import { currentUserQuery } from '../user/user.api';
import { settingsQuery } from './settings.api';
import { readSettings, settingsRecord } from './preferences';

/**
 * Every native setting, typed, from the cache at once (persisted locally), refreshed in the
 * background; a value missing or invalid reads as its default (the definitions of @twofold/otp).
 * The session's user carries the same values as its preferences (all but `useEncryption`), and a
 * load always asks the server for it, while the list is first shown as the last visit left it: of
 * the two, the values received last win, so that a click right after a load follows what the user
 * chose since (a lock on copy, a sort, a code window's behaviour), not what this browser remembers.
 */
export function useAccountSettings(): { settings: NativeSettings; loaded: boolean } {
  const list = useQuery(settingsQuery);
  const user = useQuery(currentUserQuery);
  const preferences =
    user.data && user.dataUpdatedAt > list.dataUpdatedAt ? user.data.preferences : undefined;
  // One object per answer: components memoised on `settings` re-render only when it changes.
  const settings = useMemo(
    () => readSettings({ ...settingsRecord(list.data ?? []), ...preferences }),
    [list.data, preferences],
  );
  return { settings, loaded: list.data !== undefined };
}
