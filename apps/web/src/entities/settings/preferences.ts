import { nativeSettings, readNativeSettingValues, type NativeSettings } from '@twofold/otp/browser';
/**
 * The settings the shell itself acts on, read from the server's key/value lists, and
 * the few of them remembered in the browser so that the sign-in screen (anonymous, before any
 * server call can tell) opens in the right language and with the right sign-in method.
 */

/** Auto-lock choices in minutes: 0 never, -1 on OTP copy. */
export const KICK_USER_AFTER_CHOICES = nativeSettings.kickUserAfter.allowed;

export type ShellPreferences = Pick<
  NativeSettings,
  'lang' | 'kickUserAfter' | 'useWebauthnOnly' | 'useWebauthnAsDefault' | 'showEmailInFooter'
>;

type SettingList = readonly { readonly key: string; readonly value: unknown }[];

/** A key -> value object from either the settings list or a user's `preferences` object. */
export function settingsRecord(
  source: SettingList | Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (Array.isArray(source)) {
    return Object.fromEntries((source as SettingList).map((setting) => [setting.key, setting.value]));
  }
  return { ...(source as Readonly<Record<string, unknown>>) };
}

/**
 * Every native setting with its type, from the settings list or the user's preferences: a missing
 * or invalid value reads as the default that @twofold/otp defines (the server's own).
 */
export function readSettings(source: SettingList | Readonly<Record<string, unknown>>): NativeSettings {
  return readNativeSettingValues(settingsRecord(source));
}

export function shellPreferences(source: SettingList | Readonly<Record<string, unknown>>): ShellPreferences {
  const { lang, kickUserAfter, useWebauthnOnly, useWebauthnAsDefault, showEmailInFooter } =
    readSettings(source);
  return { lang, kickUserAfter, useWebauthnOnly, useWebauthnAsDefault, showEmailInFooter };
}

/** Keys of the browser's local storage that survive signing out (preferences, not data). */
export const LOCAL_LANG = 'lang';
/** The `theme` setting, so that the next visit (signed in or not) opens in the same colours. */
export const LOCAL_THEME = 'theme';
const LOCAL_WEBAUTHN_ONLY = 'useWebauthnOnly';
const LOCAL_WEBAUTHN_DEFAULT = 'useWebauthnAsDefault';
export const KEPT_ON_SIGN_OUT = [
  LOCAL_LANG,
  LOCAL_THEME,
  LOCAL_WEBAUTHN_ONLY,
  LOCAL_WEBAUTHN_DEFAULT,
] as const;

/** Remembers what the sign-in screen needs to know before anyone is signed in. */
export function rememberPreferences(preferences: ShellPreferences): void {
  localStorage.setItem(LOCAL_LANG, preferences.lang);
  localStorage.setItem(LOCAL_WEBAUTHN_ONLY, String(preferences.useWebauthnOnly));
  localStorage.setItem(LOCAL_WEBAUTHN_DEFAULT, String(preferences.useWebauthnAsDefault));
}

/** The sign-in method hints remembered from the last session (a new browser knows none). */
export function rememberedSignInMethod(): {
  webauthnOnly: boolean;
  webauthnAsDefault: boolean;
} {
  return {
    webauthnOnly: localStorage.getItem(LOCAL_WEBAUTHN_ONLY) === 'true',
    webauthnAsDefault: localStorage.getItem(LOCAL_WEBAUTHN_DEFAULT) === 'true',
  };
}
