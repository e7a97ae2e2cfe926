/**
 * The native settings (2FAuth's preferences plus Twofold's own), in their documented order: type,
 * default and allowed values. The single source for the API's settings routes, its preferences
 * schema and checks, and the web app's reading of the values (which falls back to these defaults).
 */
interface BooleanSetting {
  readonly type: 'boolean';
  readonly default: boolean;
}
interface IntegerSetting {
  readonly type: 'integer';
  readonly default: number;
  /** Allowed values; undefined = checked elsewhere (group ids) or by the range below. */
  readonly allowed?: readonly number[];
  readonly minimum?: number;
  readonly maximum?: number;
}
interface StringSetting {
  readonly type: 'string';
  readonly default: string;
  readonly allowed: readonly string[];
}
interface NumberSetting {
  readonly type: 'number';
  readonly default: number;
  readonly allowed: readonly number[];
}

/** An IANA time zone name (`UTC`, `Europe/Paris`), as the runtime's Intl knows them. */
interface TimeZoneSetting {
  readonly type: 'timezone';
  readonly default: string;
}

/**
 * Where the server checks its clock (Twofold's own): `off`, `ntp://host[:port]` or an `https://`
 * address whose `Date` header is read; empty follows the server's `TIME_CHECK` variable.
 */
interface TimeSourceSetting {
  readonly type: 'timeSource';
  readonly default: string;
}

export type SettingDefinition =
  BooleanSetting | IntegerSetting | StringSetting | NumberSetting | TimeZoneSetting | TimeSourceSetting;

/**
 * The interface languages, in the order the language setting lists them: the web app's catalogues,
 * the server's messages and the `lang` preference's values ('browser' follows the browser).
 */
export const LANGUAGES = [
  'en',
  'fr',
  'de',
  'es',
  'zh',
  'si',
  'it',
  'pt',
  'nl',
  'pl',
  'ru',
  'ja',
  'uk',
  'tr',
  'cs',
  'sv',
  'da',
  'ko',
  'ro',
  'hu',
  'id',
  'vi',
  'el',
  'bg',
  'ca',
  'sk',
  'ar',
  'fa',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages written right to left: the web app mirrors its layout, e-mails say `dir="rtl"`. */
export const RTL_LANGUAGES: readonly Language[] = ['ar', 'fa'];

const bool = (value: boolean): BooleanSetting => ({ type: 'boolean', default: value });

export const nativeSettings = {
  lang: { type: 'string', default: 'browser', allowed: ['browser', ...LANGUAGES] },
  displayMode: { type: 'string', default: 'list', allowed: ['list', 'grid'] },
  showAccountsIcons: bool(true),
  getOfficialIcons: bool(true),
  defaultGroup: { type: 'integer', default: 0 },
  rememberActiveGroup: bool(true),
  activeGroup: { type: 'integer', default: 0 },
  kickUserAfter: { type: 'integer', default: 15, allowed: [0, -1, 1, 5, 10, 15, 30, 60, 1440] },
  useEncryption: bool(false),
  showOtpAsDot: bool(false),
  closeOtpOnCopy: bool(false),
  useBasicQrcodeReader: bool(false),
  useDirectCapture: bool(false),
  defaultCaptureMode: {
    type: 'string',
    default: 'livescan',
    allowed: ['livescan', 'upload', 'advancedForm'],
  },
  useWebauthnOnly: bool(false),
  useWebauthnAsDefault: bool(false),
  showNextOtp: bool(true),
  revealDottedOTP: bool(false),
  copyOtpOnDisplay: bool(false),
  clearSearchOnCopy: bool(false),
  viewDefaultGroupOnCopy: bool(false),
  getOtpOnRequest: bool(true),
  autoCloseTimeout: { type: 'integer', default: 2, allowed: [0, 1, 2, 5] },
  AutoSaveQrcodedAccount: bool(false),
  theme: { type: 'string', default: 'system', allowed: ['system', 'light', 'dark'] },
  formatPassword: bool(true),
  formatPasswordBy: { type: 'number', default: 0.5, allowed: [0.5, 2, 3] },
  sortCaseSensitive: bool(false),
  iconCollection: { type: 'string', default: 'selfh', allowed: ['selfh', 'dashboardicons', 'tfa'] },
  iconVariant: { type: 'string', default: 'regular', allowed: ['regular', 'light', 'dark'] },
  iconVariantStrictFetch: bool(false),
  // 2FAuth's alert switches: a sign-in from a new device, a failed sign-in (the API's alerts read them).
  notifyOnNewAuthDevice: bool(false),
  notifyOnFailedLogin: bool(false),
  timezone: { type: 'timezone', default: 'UTC' },
  showEmailInFooter: bool(true),
  // Twofold's own: the groups as chips under the search of the accounts screen.
  showGroupChips: bool(false),
  // Twofold's own: days a deleted account stays in the trash before it is purged (0 = deleted at once).
  trashRetentionDays: { type: 'integer', default: 30, minimum: 0, maximum: 365 },
  // Twofold's own: an outside time source the server checks its clock against ('' = TIME_CHECK).
  timeCheck: { type: 'timeSource', default: '' },
  // Twofold's own: the order of the accounts list (by hand, recently used, most used) and the
  // days the sort by use looks back over.
  sortBy: { type: 'string', default: 'manual', allowed: ['manual', 'recent', 'used'] },
  usageDays: { type: 'integer', default: 30, allowed: [7, 30, 90, 365] },
} as const satisfies Record<string, SettingDefinition>;

export type NativeSettingKey = keyof typeof nativeSettings;
type ValueOf<D> = D extends { type: 'boolean' }
  ? boolean
  : D extends { type: 'string'; allowed: readonly (infer S)[] }
    ? S
    : D extends { type: 'timezone' | 'timeSource' }
      ? string
      : number;
export type NativeSettings = { -readonly [K in NativeSettingKey]: ValueOf<(typeof nativeSettings)[K]> };

export const nativeSettingKeys = Object.keys(nativeSettings) as NativeSettingKey[];

export function isNativeSettingKey(key: string): key is NativeSettingKey {
  return Object.prototype.hasOwnProperty.call(nativeSettings, key);
}

/** A copy of every default. */
export function defaultSettings(): NativeSettings {
  return Object.fromEntries(
    nativeSettingKeys.map((key) => [key, nativeSettings[key].default]),
  ) as NativeSettings;
}

/** Whether the runtime knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  if (name === '' || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Whether `value` is a valid value of the setting `key` (its type, and its allowed values if any). */
export function isValidSettingValue(key: NativeSettingKey, value: unknown): boolean {
  const definition: SettingDefinition = nativeSettings[key];
  switch (definition.type) {
    case 'boolean':
      return typeof value === 'boolean';
    case 'timezone':
      return typeof value === 'string' && isTimeZone(value);
    case 'timeSource':
      // Its format is the server's to check (it is written only through the server's rule).
      return typeof value === 'string' && value.length <= 500;
    case 'string':
      return typeof value === 'string' && definition.allowed.includes(value);
    case 'integer':
      return (
        typeof value === 'number' &&
        Number.isInteger(value) &&
        (definition.allowed === undefined || definition.allowed.includes(value)) &&
        (definition.minimum === undefined || value >= definition.minimum) &&
        (definition.maximum === undefined || value <= definition.maximum)
      );
    case 'number':
      return typeof value === 'number' && definition.allowed.includes(value);
  }
}

/**
 * Every native setting read from stored or received values (a `key -> value` record): each
 * value of the right type is kept, anything else (missing, wrong type, not allowed) reads as the
 * setting's default.
 */
export function readNativeSettingValues(values: Readonly<Record<string, unknown>>): NativeSettings {
  const settings = defaultSettings() as Record<NativeSettingKey, unknown>;
  for (const key of nativeSettingKeys) {
    if (Object.prototype.hasOwnProperty.call(values, key) && isValidSettingValue(key, values[key])) {
      settings[key] = values[key];
    }
  }
  return settings as NativeSettings;
}
