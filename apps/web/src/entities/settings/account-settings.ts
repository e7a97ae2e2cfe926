import { useQuery } from '@tanstack/react-query';
import type { NativeSettings } from '@twofold/otp/browser';
import { settingsQuery } from './settings.api';
import { readSettings } from '../../app/preferences';

/** The settings as the accounts screens read them: every native setting, typed, with its default. */
export type AccountSettings = NativeSettings;

/** The settings, from the cache at once (persisted locally), refreshed in the background. */
export function useAccountSettings(): { settings: AccountSettings; loaded: boolean } {
  const { data } = useQuery(settingsQuery);
  return { settings: readSettings(data ?? []), loaded: data !== undefined };
}
