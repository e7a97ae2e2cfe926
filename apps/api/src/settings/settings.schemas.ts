import { Type, type TSchema } from 'typebox';
import { nativeSettingKeys, nativeSettings, type NativeSettings, type SettingDefinition } from '@twofold/otp';
import { annotate, StringEnum } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import type { Message } from '../i18n/translate.js';

registerRule('scalar', (value): Message | undefined => {
  if (typeof value === 'object' && value !== null) {
    return { key: 'validation.scalar', params: { attribute: 'value' } };
  }
  if (typeof value === 'string' && [...value].length > 1000) {
    return { key: 'validation.max.string', params: { attribute: 'value', max: 1000 } };
  }
  return undefined;
});

const SettingValue = Type.Unknown({ description: 'A string, a number or a boolean (JSON type kept)' });

export const Setting = Type.Object(
  { key: Type.String(), value: SettingValue },
  { title: 'Setting', description: 'A setting' },
);
export const Preference = Type.Object(
  { key: Type.String(), value: SettingValue, locked: Type.Boolean() },
  { title: 'Preference', description: 'A preference (native setting); `locked` is always false' },
);
export const Settings = Type.Array(Setting, { title: 'Settings', description: 'Every setting' });
export const Preferences = Type.Array(Preference, {
  title: 'Preferences',
  description: 'Every preference, in their documented order',
});

/** Letter-only keys; anything else names no setting (404). */
export const SettingKeyParams = Type.Object({ key: Type.String({ pattern: '^[A-Za-z]+$', maxLength: 128 }) });
export const PreferenceNameParams = Type.Object({
  name: Type.String({ pattern: '^[A-Za-z]+$', maxLength: 128 }),
});

export const SettingValueBody = Type.Object({ value: SettingValue });

export const NewSettingBody = Type.Object({
  key: Type.String({
    pattern: '^[A-Za-z]+$',
    maxLength: 128,
    ...annotate({ 'x-messages': { regex: 'validation.alpha' } }),
  }),
  value: Type.Unknown({ ...annotate({ 'x-rules': ['scalar'] }) }),
});

/** The wire type of one native setting's value, from its definition in @twofold/otp. */
function settingValueSchema(definition: SettingDefinition): TSchema {
  switch (definition.type) {
    case 'boolean':
      return Type.Boolean({ default: definition.default });
    case 'string':
      return StringEnum(definition.allowed);
    case 'integer':
      return definition.allowed
        ? Type.Unsafe<number>({ type: 'integer', enum: [...definition.allowed] })
        : Type.Integer({
            ...(definition.minimum === undefined ? {} : { minimum: definition.minimum }),
            ...(definition.maximum === undefined ? {} : { maximum: definition.maximum }),
          });
    case 'number':
      return Type.Unsafe<number>({ type: 'number', enum: [...definition.allowed] });
    case 'timezone':
      return Type.String({ description: 'An IANA time zone name' });
    case 'timeSource':
      return Type.String({
        description:
          "Where the server checks its clock: `off`, `ntp://host[:port]` or an `https://` address (its Date header); empty follows the server's TIME_CHECK",
      });
  }
}

type PreferenceKey = Exclude<keyof NativeSettings, 'useEncryption'>;

/**
 * The user's `preferences` object: every native setting but useEncryption, each typed on the wire
 * (a plain object of known keys: serialised as fast as a record).
 */
export const UserPreferences = Type.Unsafe<{ [K in PreferenceKey]: NativeSettings[K] }>(
  Type.Object(
    Object.fromEntries(
      nativeSettingKeys
        .filter((key) => key !== 'useEncryption')
        .map((key) => [key, settingValueSchema(nativeSettings[key])]),
    ),
    { title: 'UserPreferences', description: 'Every native setting but useEncryption' },
  ),
);
