import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { settingsQuery } from './settings.api';
import { readBoolean, settingsRecord } from '../../app/preferences';

/**
 * The settings the accounts experience reads. The API gives `value: unknown` for every key; this
 * reads each with its type and falls back to the server's default for that key. These defaults
 * repeat the server's (as do those of `shellPreferences`) until settings are typed on the wire.
 */
export interface AccountSettings {
  readonly displayMode: 'list' | 'grid';
  readonly showAccountsIcons: boolean;
  readonly getOfficialIcons: boolean;
  readonly rememberActiveGroup: boolean;
  readonly activeGroup: number;
  readonly kickUserAfter: number;
  readonly showOtpAsDot: boolean;
  readonly closeOtpOnCopy: boolean;
  readonly useBasicQrcodeReader: boolean;
  readonly useDirectCapture: boolean;
  readonly defaultCaptureMode: 'livescan' | 'upload' | 'advancedForm';
  /** 0 no group, -1 the active group, or a group id. */
  readonly defaultGroup: number;
  /** True: a code is fetched when the account is opened; false: every code shows in the list. */
  readonly getOtpOnRequest: boolean;
  readonly showNextOtp: boolean;
  readonly revealDottedOTP: boolean;
  readonly copyOtpOnDisplay: boolean;
  readonly clearSearchOnCopy: boolean;
  readonly viewDefaultGroupOnCopy: boolean;
  readonly sortCaseSensitive: boolean;
  readonly theme: 'system' | 'light' | 'dark';
}

export const DEFAULT_SETTINGS: AccountSettings = {
  displayMode: 'list',
  showAccountsIcons: true,
  getOfficialIcons: true,
  rememberActiveGroup: true,
  activeGroup: 0,
  kickUserAfter: 15,
  showOtpAsDot: false,
  closeOtpOnCopy: false,
  useBasicQrcodeReader: false,
  useDirectCapture: false,
  defaultCaptureMode: 'livescan',
  defaultGroup: 0,
  getOtpOnRequest: true,
  showNextOtp: true,
  revealDottedOTP: false,
  copyOtpOnDisplay: false,
  clearSearchOnCopy: false,
  viewDefaultGroupOnCopy: false,
  sortCaseSensitive: false,
  theme: 'system',
};

export function readSettings(list: readonly { key: string; value: unknown }[] | undefined): AccountSettings {
  const values = settingsRecord(list ?? []);
  const bool = (key: keyof AccountSettings, fallback: boolean) => readBoolean(values, key, fallback);
  const int = (key: keyof AccountSettings, fallback: number) => {
    const value = values[key];
    return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
  };
  const oneOf = <T extends string>(key: keyof AccountSettings, allowed: readonly T[], fallback: T): T => {
    const value = values[key];
    return allowed.find((candidate) => candidate === value) ?? fallback;
  };
  const d = DEFAULT_SETTINGS;
  return {
    displayMode: oneOf('displayMode', ['list', 'grid'], d.displayMode),
    showAccountsIcons: bool('showAccountsIcons', d.showAccountsIcons),
    getOfficialIcons: bool('getOfficialIcons', d.getOfficialIcons),
    rememberActiveGroup: bool('rememberActiveGroup', d.rememberActiveGroup),
    activeGroup: int('activeGroup', d.activeGroup),
    kickUserAfter: int('kickUserAfter', d.kickUserAfter),
    showOtpAsDot: bool('showOtpAsDot', d.showOtpAsDot),
    closeOtpOnCopy: bool('closeOtpOnCopy', d.closeOtpOnCopy),
    useBasicQrcodeReader: bool('useBasicQrcodeReader', d.useBasicQrcodeReader),
    useDirectCapture: bool('useDirectCapture', d.useDirectCapture),
    defaultCaptureMode: oneOf(
      'defaultCaptureMode',
      ['livescan', 'upload', 'advancedForm'],
      d.defaultCaptureMode,
    ),
    defaultGroup: int('defaultGroup', d.defaultGroup),
    getOtpOnRequest: bool('getOtpOnRequest', d.getOtpOnRequest),
    showNextOtp: bool('showNextOtp', d.showNextOtp),
    revealDottedOTP: bool('revealDottedOTP', d.revealDottedOTP),
    copyOtpOnDisplay: bool('copyOtpOnDisplay', d.copyOtpOnDisplay),
    clearSearchOnCopy: bool('clearSearchOnCopy', d.clearSearchOnCopy),
    viewDefaultGroupOnCopy: bool('viewDefaultGroupOnCopy', d.viewDefaultGroupOnCopy),
    sortCaseSensitive: bool('sortCaseSensitive', d.sortCaseSensitive),
    theme: oneOf('theme', ['system', 'light', 'dark'], d.theme),
  };
}

/** The settings, from the cache at once (persisted locally), refreshed in the background. */
export function useAccountSettings(): { settings: AccountSettings; loaded: boolean } {
  const { data } = useQuery(settingsQuery);
  // One object per answer: components memoised on `settings` re-render only when it changes.
  const settings = useMemo(() => readSettings(data), [data]);
  return { settings, loaded: data !== undefined };
}
