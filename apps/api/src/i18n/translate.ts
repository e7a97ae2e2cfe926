import { en, type MessageKey } from './messages.en.js';
import type { Locale } from './locales.js';

export type { MessageKey };
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message to be rendered in the caller's language: a catalogue key and its parameters. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

export type Catalogue = Readonly<Record<MessageKey, string>>;

const catalogues: Partial<Record<Locale, Catalogue>> = { en };

/** Adds (or replaces) the catalogue of a language. */
export function registerCatalogue(locale: Locale, catalogue: Catalogue): void {
  catalogues[locale] = catalogue;
}

/** Fills `:name` placeholders, longest names first so `:max` never eats `:maximum`. */
function fill(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  const names = Object.keys(params).sort((a, b) => b.length - a.length);
  let result = template;
  for (const name of names) result = result.split(`:${name}`).join(String(params[name]));
  return result;
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogues[locale]?.[key] ?? en[key];
  return fill(template, params);
}

export function render(locale: Locale, message: Message | string): string {
  return typeof message === 'string' ? message : translate(locale, message.key, message.params);
}

/** The `:attribute` of a field key (api.md §1.4): snake case, `_` as spaces; array paths kept. */
export function attributeName(field: string): string {
  return field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_/g, ' ');
}
