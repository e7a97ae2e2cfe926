/**
 * The settings the shell itself acts on, read from the server's key/value lists, and
 * the few of them remembered in the browser so that the sign-in screen (anonymous, before any
 * server call can tell) opens in the right language and with the right sign-in method.
 */

/** Auto-lock choices in minutes: 0 never, -1 on OTP copy. */
export const KICK_USER_AFTER_CHOICES = [0, -1, 1, 5, 10, 15, 30, 60, 1440] as const;

export interface ShellPreferences {
  readonly lang: string;
  readonly kickUserAfter: number;
  readonly useWebauthnOnly: boolean;
  readonly useWebauthnAsDefault: boolean;
}

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

export function readBoolean(record: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const value = record[key];
  return typeof value === 'boolean' ? value : fallback;
}

export function readNumber(record: Record<string, unknown>, key: string, fallback: number): number {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function readString(record: Record<string, unknown>, key: string, fallback: string): string {
  const value = record[key];
  return typeof value === 'string' ? value : fallback;
}

export function shellPreferences(source: SettingList | Readonly<Record<string, unknown>>): ShellPreferences {
  const record = settingsRecord(source);
  return {
    lang: readString(record, 'lang', 'browser'),
    kickUserAfter: readNumber(record, 'kickUserAfter', 15),
    useWebauthnOnly: readBoolean(record, 'useWebauthnOnly', false),
    useWebauthnAsDefault: readBoolean(record, 'useWebauthnAsDefault', false),
  };
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

/** The sign-in method hints remembered from the last session (both false on a new browser). */
export function rememberedSignInMethod(): { webauthnOnly: boolean; webauthnAsDefault: boolean } {
  return {
    webauthnOnly: localStorage.getItem(LOCAL_WEBAUTHN_ONLY) === 'true',
    webauthnAsDefault: localStorage.getItem(LOCAL_WEBAUTHN_DEFAULT) === 'true',
  };
}
