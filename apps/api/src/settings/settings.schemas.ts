import { Type } from 'typebox';
import { annotate } from '../http/common.schemas.js';
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
