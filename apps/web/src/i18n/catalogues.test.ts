import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'locales');

/** Every key of a nested catalogue, as dotted paths. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function load(locale: string, namespace: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(root, locale, `${namespace}.json`), 'utf8')) as Record<
    string,
    unknown
  >;
}

const pluralPattern = /^(.*)_(zero|one|two|few|many|other)$/;
const isPlural = (key: string) => pluralPattern.test(key);
const pluralBase = (key: string) => pluralPattern.exec(key)?.[1];
const pluralCategory = (key: string) => pluralPattern.exec(key)?.[2] ?? '';
const pluralBases = (keys: string[]) => [...new Set(keys.filter(isPlural).map((key) => pluralBase(key)!))];
const pluralCategories = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

const namespaces = readdirSync(path.join(root, 'en')).map((file) => file.replace(/\.json$/, ''));

describe('message catalogues', () => {
  it('has a folder for every locale and the same namespaces in each', () => {
    for (const locale of LOCALES) {
      expect(readdirSync(path.join(root, locale)).sort(), locale).toEqual(
        namespaces.map((ns) => `${ns}.json`).sort(),
      );
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: every key in every language, none empty, same placeholders`, () => {
      const english = load('en', namespace);
      const englishKeys = keysOf(english).sort();
      for (const locale of LOCALES) {
        const catalogue = load(locale, namespace);
        const keys = keysOf(catalogue);
        expect(keys.filter((key) => !isPlural(key)).sort(), `${locale}/${namespace}`).toEqual(
          englishKeys.filter((key) => !isPlural(key)),
        );
        // i18next picks `<key>_<category>` by Intl.PluralRules: every category of the language,
        // plus at most English's (`_one` in Chinese is harmless, never read).
        const needed = pluralCategories(locale);
        for (const base of pluralBases(englishKeys)) {
          const present = keys.filter((key) => pluralBase(key) === base).map(pluralCategory);
          const allowed = new Set([
            ...needed,
            ...englishKeys.filter((key) => pluralBase(key) === base).map(pluralCategory),
          ]);
          expect(
            present.filter((category) => !allowed.has(category)),
            `${locale}/${namespace}:${base} extra`,
          ).toEqual([]);
          expect(
            needed.filter((category) => !present.includes(category)),
            `${locale}/${namespace}:${base} missing`,
          ).toEqual([]);
        }
        for (const key of keys) {
          const text = key
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
          const englishKey = isPlural(key) && !englishKeys.includes(key) ? `${pluralBase(key)}_other` : key;
          const source = englishKey
            .split('.')
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english);
          expect(typeof text === 'string' && text.trim().length > 0, `${locale}/${namespace}:${key}`).toBe(
            true,
          );
          const placeholders = (value: unknown) =>
            [...String(value).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
          expect(placeholders(text), `${locale}/${namespace}:${key}`).toEqual(placeholders(source));
        }
      }
    });
  }

  it('is translated, not left in English (at most a few shared words per catalogue)', () => {
    for (const namespace of namespaces) {
      const english = keysOf(load('en', namespace));
      for (const locale of LOCALES.filter((l) => l !== 'en')) {
        const source = load('en', namespace);
        const target = load(locale, namespace);
        const read = (catalogue: unknown, key: string) =>
          key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        const same = english.filter((key) => {
          const text = String(read(target, key));
          // Names, numbers and symbols are the same in every language.
          return (
            text === String(read(source, key)) && /[a-z]{4,}/i.test(text) && !/^[A-Z][\w.-]*$/.test(text)
          );
        });
        expect(
          same.length / english.length,
          `${locale}/${namespace} untranslated: ${same.join(', ')}`,
        ).toBeLessThanOrEqual(0.15);
      }
    }
  });
});
