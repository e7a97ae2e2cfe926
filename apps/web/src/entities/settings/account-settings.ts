import { useQuery } from '@tanstack/react-query';
import type { NativeSettings } from '@twofold/otp/browser';
import { useMemo } from 'react';
import { settingsQuery } from './settings.api';
import { readSettings } from './preferences';

/**
 * Every native setting, typed, from the cache at once (persisted locally), refreshed in the
 * background; a value missing or invalid reads as its default (the definitions of @twofold/otp).
 */
export function useAccountSettings(): { settings: NativeSettings; loaded: boolean } {
  const { data } = useQuery(settingsQuery);
  // One object per answer: components memoised on `settings` re-render only when it changes.
  const settings = useMemo(() => readSettings(data ?? []), [data]);
  return { settings, loaded: data !== undefined };
}
