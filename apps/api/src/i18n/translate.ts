import { en, type MessageKey } from './messages.en.js';
import { fr, frAttributes } from './messages.fr.js';
import { de, deAttributes } from './messages.de.js';
import { es, esAttributes } from './messages.es.js';
import { zh, zhAttributes } from './messages.zh.js';
import { si, siAttributes } from './messages.si.js';
import { it, itAttributes } from './messages.it.js';
import { pt, ptAttributes } from './messages.pt.js';
import { nl, nlAttributes } from './messages.nl.js';
import { pl, plAttributes } from './messages.pl.js';
import { ru, ruAttributes } from './messages.ru.js';
import { ja, jaAttributes } from './messages.ja.js';
import { uk, ukAttributes } from './messages.uk.js';
import { tr, trAttributes } from './messages.tr.js';
import { cs, csAttributes } from './messages.cs.js';
import { sv, svAttributes } from './messages.sv.js';
import { da, daAttributes } from './messages.da.js';
import { ko, koAttributes } from './messages.ko.js';
import { ro, roAttributes } from './messages.ro.js';
import { hu, huAttributes } from './messages.hu.js';
import { id, idAttributes } from './messages.id.js';
import { vi, viAttributes } from './messages.vi.js';
import { el, elAttributes } from './messages.el.js';
import { bg, bgAttributes } from './messages.bg.js';
import { ca, caAttributes } from './messages.ca.js';
import { sk, skAttributes } from './messages.sk.js';
import { ar, arAttributes } from './messages.ar.js';
import { fa, faAttributes } from './messages.fa.js';
import type { Locale } from './locales.js';

export type { MessageKey };
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message to be rendered in the caller's language: a catalogue key and its parameters. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: MessageParams;
}

/** A language's messages; a missing key falls back to English (`messages.test.ts` forbids that). */
export type Catalogue = Readonly<Partial<Record<MessageKey, string>>>;
/** A language's names of `:attribute` values, keyed by the English attribute. */
export type AttributeNames = Readonly<Record<string, string>>;

/** Every language's messages and attribute names: the one table (`messages.test.ts` checks them). */
export const catalogues: Partial<Record<Locale, Catalogue>> = {
  en,
  fr,
  de,
  es,
  zh,
  si,
  it,
  pt,
  nl,
  pl,
  ru,
  ja,
  uk,
  tr,
  cs,
  sv,
  da,
  ko,
  ro,
  hu,
  id,
  vi,
  el,
  bg,
  ca,
  sk,
  ar,
  fa,
};
export const attributeCatalogues: Partial<Record<Locale, AttributeNames>> = {
  fr: frAttributes,
  de: deAttributes,
  es: esAttributes,
  zh: zhAttributes,
  si: siAttributes,
  it: itAttributes,
  pt: ptAttributes,
  nl: nlAttributes,
  pl: plAttributes,
  ru: ruAttributes,
  ja: jaAttributes,
  uk: ukAttributes,
  tr: trAttributes,
  cs: csAttributes,
  sv: svAttributes,
  da: daAttributes,
  ko: koAttributes,
  ro: roAttributes,
  hu: huAttributes,
  id: idAttributes,
  vi: viAttributes,
  el: elAttributes,
  bg: bgAttributes,
  ca: caAttributes,
  sk: skAttributes,
  ar: arAttributes,
  fa: faAttributes,
};

/** Messages whose `:values` is a list of attribute names (Laravel translates them too). */
const attributeListKeys: ReadonlySet<MessageKey> = new Set(['validation.required_without']);

/** Fills `:name` placeholders, longest names first so `:max` never eats `:maximum`. */
function fill(template: string, params: MessageParams | undefined): string {
  if (!params) return template;
  const names = Object.keys(params).sort((a, b) => b.length - a.length);
  let result = template;
  for (const name of names) result = result.split(`:${name}`).join(String(params[name]));
  return result;
}

/**
 * An English attribute (`password`, `otp type`, `ordered ids.2`) in a language: the whole name,
 * else its first path segment with the rest (`.2`) kept; unknown names stay as they are.
 */
export function localiseAttribute(locale: Locale, attribute: string): string {
  const names = attributeCatalogues[locale];
  if (!names) return attribute;
  const whole = names[attribute];
  if (whole !== undefined) return whole;
  const dot = attribute.indexOf('.');
  if (dot > 0) {
    const head = names[attribute.slice(0, dot)];
    if (head !== undefined) return `${head}${attribute.slice(dot)}`;
  }
  return attribute;
}

function localiseParams(locale: Locale, key: MessageKey, params: MessageParams): MessageParams {
  const result: Record<string, string | number> = { ...params };
  if (typeof params.attribute === 'string') result.attribute = localiseAttribute(locale, params.attribute);
  if (attributeListKeys.has(key) && typeof params.values === 'string') {
    result.values = params.values
      .split(', ')
      .map((name) => localiseAttribute(locale, name))
      .join(', ');
  }
  return result;
}

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogues[locale]?.[key] ?? en[key];
  return fill(template, params && locale !== 'en' ? localiseParams(locale, key, params) : params);
}

export function render(locale: Locale, message: Message | string): string {
  return typeof message === 'string' ? message : translate(locale, message.key, message.params);
}

/**
 * The `:attribute` of a field key: snake case, `_` as spaces; array paths kept.
 * Without a locale (validation time) it is the English name, which `translate` localises when
 * the message is rendered; with one, the name in that language.
 */
export function attributeName(field: string, locale: Locale = 'en'): string {
  const english = field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/_/g, ' ');
  return locale === 'en' ? english : localiseAttribute(locale, english);
}
