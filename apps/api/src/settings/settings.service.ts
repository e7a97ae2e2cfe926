import type { Deps } from '../shared/deps.js';
import { switchEncryption } from './encryption-at-rest.js';
import { errors } from '../http/errors.js';
import { groupExists } from '../groups/groups.queries.js';
import { parseTimeSource } from '../clock-skew/time-source.js';
import {
  isNativeSettingKey,
  nativeSettingKeys,
  nativeSettings,
  isTimeZone,
  type NativeSettingKey,
  type NativeSettings,
} from '@twofold/otp';
import {
  findCustomSetting,
  readCustomSettings,
  readNativeSettings,
  writeCustomSetting,
  writeNativeSetting,
} from './settings.queries.js';

export interface SettingItem {
  readonly key: string;
  readonly value: unknown;
}

const CUSTOM_MAX_LENGTH = 1000;

/** Every native key in their documented order, then the custom keys in creation order. */
export async function listSettings(deps: Deps): Promise<SettingItem[]> {
  const native = await readNativeSettings(deps.db);
  const custom = await readCustomSettings(deps.db);
  return [...nativeSettingKeys.map((key) => ({ key, value: native[key] })), ...custom];
}

export async function getSetting(deps: Deps, key: string): Promise<SettingItem> {
  if (isNativeSettingKey(key)) return { key, value: (await readNativeSettings(deps.db))[key] };
  const custom = await findCustomSetting(deps.db, key);
  if (!custom) throw errors.notFound();
  return custom;
}

const invalid = (key: 'validation.in' | 'validation.boolean' | 'validation.integer') =>
  errors.invalidField('value', key, { attribute: 'value' });

function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) {
    return Number(value);
  }
  return undefined;
}

/** Checks a native value against its definition and returns it in its stored type. */
async function nativeValue(deps: Deps, key: NativeSettingKey, value: unknown): Promise<unknown> {
  const definition = nativeSettings[key];
  switch (definition.type) {
    case 'boolean':
      if (typeof value !== 'boolean') throw invalid('validation.boolean');
      return value;
    case 'string':
      if (typeof value !== 'string' || !(definition.allowed as readonly string[]).includes(value)) {
        throw invalid('validation.in');
      }
      return value;
    case 'timezone':
      if (typeof value !== 'string' || !isTimeZone(value)) throw invalid('validation.in');
      return value;
    case 'timeSource':
      if (typeof value !== 'string' || (value !== '' && parseTimeSource(value) === undefined))
        throw invalid('validation.in');
      return value.trim();
    case 'number': {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : NaN;
      if (!definition.allowed.some((allowed) => allowed === number)) throw invalid('validation.in');
      return number;
    }
    case 'integer': {
      const number = toInteger(value);
      if (number === undefined) throw invalid('validation.integer');
      if (key === 'defaultGroup' || key === 'activeGroup') {
        const special = key === 'defaultGroup' ? [0, -1] : [0];
        if (!special.includes(number) && !(number > 0 && (await groupExists(deps.db, number)))) {
          throw invalid('validation.in');
        }
        return number;
      }
      if ('allowed' in definition && !(definition.allowed as readonly number[]).includes(number)) {
        throw invalid('validation.in');
      }
      if ('minimum' in definition && (number < definition.minimum || number > definition.maximum)) {
        throw errors.invalidField('value', 'validation.between', {
          attribute: 'value',
          min: definition.minimum,
          max: definition.maximum,
        });
      }
      return number;
    }
  }
}

function customValue(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    throw errors.invalidField('value', 'validation.scalar', { attribute: 'value' });
  }
  if (typeof value === 'string' && [...value].length > CUSTOM_MAX_LENGTH) {
    throw errors.invalidField('value', 'validation.max.string', {
      attribute: 'value',
      max: CUSTOM_MAX_LENGTH,
    });
  }
  return value;
}

/** The two 2FAuth preferences that switch alert kinds, by the kind's name in the alerts. */
const ALERT_SWITCHES: Partial<Record<NativeSettingKey, string>> = {
  notifyOnNewAuthDevice: 'new_device',
  notifyOnFailedLogin: 'failed_sign_in',
};

/**
 * A change to an alert switch is announced on the channels before it is written (turned off,
 * the kind is silenced), as a change made in the alert settings is.
 */
async function announceAlertSwitch(deps: Deps, key: NativeSettingKey, value: unknown): Promise<void> {
  const kind = ALERT_SWITCHES[key];
  if (kind === undefined || (await readNativeSettings(deps.db))[key] === value) return;
  await deps.alerts.announce({ kind: 'alerts_changed', changes: [`${kind}: ${value ? 'on' : 'off'}`] });
}

/** Writes a native setting with its side effects; returns the stored value. */
export async function putNativeSetting(deps: Deps, key: NativeSettingKey, raw: unknown): Promise<unknown> {
  const webauthnKey = key === 'useWebauthnOnly' || key === 'useWebauthnAsDefault';
  if (webauthnKey && deps.config.AUTHENTICATION_GUARD === 'reverse-proxy-guard') {
    throw errors.proxyNotApplicable();
  }
  const value = await nativeValue(deps, key, raw);
  if (webauthnKey && value === true) {
    const device = await deps.db.selectFrom('webauthn_credentials').select('id').executeTakeFirst();
    if (!device) throw errors.invalidField('value', 'error.webauthn_needs_device');
  }
  if (key === 'useEncryption') {
    await switchEncryption(deps, value as boolean);
    return value;
  }
  await announceAlertSwitch(deps, key, value);
  await writeNativeSetting(deps.db, key, value as NativeSettings[typeof key], deps.clock.now());
  // A new time source is asked at once (not awaited: a slow one must not hold the answer).
  if (key === 'timeCheck') void deps.timeCheck.check();
  return value;
}

/** `PUT /api/v1/settings/{key}`: native keys with their rules, other letter-only keys as custom settings. */
export async function putSetting(deps: Deps, key: string, raw: unknown): Promise<SettingItem> {
  if (isNativeSettingKey(key)) return { key, value: await putNativeSetting(deps, key, raw) };
  const value = customValue(raw);
  await writeCustomSetting(deps.db, key, value, deps.clock.now());
  return { key, value };
}

/** `POST /api/v1/settings`: a new user-created setting. */
export async function createSetting(deps: Deps, key: string, raw: unknown): Promise<SettingItem> {
  const value = customValue(raw);
  await writeCustomSetting(deps.db, key, value, deps.clock.now());
  return { key, value };
}

export async function keyTaken(deps: Deps, key: string): Promise<boolean> {
  return isNativeSettingKey(key) || (await findCustomSetting(deps.db, key)) !== undefined;
}
