import { describe, expect, it } from 'vitest';
import { en, type MessageKey } from './messages.en.js';
import { locales, type Locale } from './locales.js';
import { attributeCatalogues, attributeName, catalogues, localiseAttribute, translate } from './translate.js';

type Translated = Exclude<Locale, 'en'>;

const translated = (Object.keys(catalogues) as Locale[]).filter(
  (locale): locale is Translated => locale !== 'en',
);

/**
 * Texts that stay English in every language: `Server Error` is a machine token
 * and clients detect proxy mode by `Not applicable when using an auth proxy`.
 */
const alwaysEnglish: ReadonlySet<MessageKey> = new Set(['error.server', 'error.proxy_not_applicable']);

const placeholders = (text: string) => [...(text.match(/:[a-z_]+/gi) ?? [])].sort();

describe('message catalogues', () => {
  it('cover exactly the supported locales', () => {
    expect(['en', ...translated].sort()).toEqual([...locales].sort());
  });

  describe.each(translated)('%s', (locale) => {
    const catalogue = catalogues[locale]!;

    it('has exactly the keys of English', () => {
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    });

    it('keeps every placeholder of each English message', () => {
      const mismatches = (Object.keys(en) as MessageKey[])
        .filter((key) => catalogue[key] !== undefined)
        .filter((key) => placeholders(catalogue[key]!).join() !== placeholders(en[key]).join())
        .map((key) => ({ key, en: en[key], [locale]: catalogue[key] }));
      expect(mismatches).toEqual([]);
    });

    it('translates every message (only machine texts stay English)', () => {
      const untranslated = (Object.keys(en) as MessageKey[]).filter(
        (key) => catalogue[key] === en[key] && !alwaysEnglish.has(key),
      );
      expect(untranslated).toEqual([]);
      for (const key of alwaysEnglish) expect(catalogue[key]).toBe(en[key]);
    });

    it('has no empty or untrimmed message', () => {
      for (const [key, text] of Object.entries(catalogue)) {
        expect({ key, text: text.trim() }).toEqual({ key, text });
        expect(text.length, key).toBeGreaterThan(0);
      }
    });

    it('names attributes in the language, by their English attribute', () => {
      const names = attributeCatalogues[locale]!;
      for (const [english, local] of Object.entries(names)) {
        expect(english, `${locale} ${english}`).toBe(english.toLowerCase());
        expect(local.trim(), `${locale} ${english}`).toBe(local);
        expect(local).not.toMatch(/:[a-z]/i);
      }
      for (const required of ['name', 'email', 'password', 'service', 'account', 'secret']) {
        expect(names[required], `${locale} ${required}`).toBeDefined();
      }
    });
  });
});

describe('translate', () => {
  it('renders English templates with the English attribute', () => {
    expect(translate('en', 'validation.required', { attribute: 'password' })).toBe(
      'The password field is required.',
    );
    expect(translate('en', 'validation.between', { attribute: 'digits', min: 5, max: 10 })).toBe(
      'The digits field must be between 5 and 10.',
    );
  });

  it('localises the attribute and keeps the other parameters', () => {
    expect(translate('fr', 'validation.required', { attribute: 'password' })).toBe(
      'Le champ mot de passe est obligatoire.',
    );
    expect(translate('de', 'validation.required', { attribute: 'name' })).toBe(
      'Das Feld Name ist erforderlich.',
    );
    expect(translate('es', 'validation.min.string', { attribute: 'password', min: 8 })).toBe(
      'El campo contraseña debe contener al menos 8 caracteres.',
    );
    expect(translate('zh', 'validation.required', { attribute: 'email' })).toBe('电子邮件地址 不能为空。');
    expect(translate('fr', 'error.too_many_login_attempts', { seconds: 42 })).toBe(
      'Trop de tentatives de connexion. Veuillez réessayer dans 42 secondes.',
    );
  });

  it('localises the attribute names listed in :values', () => {
    expect(translate('fr', 'validation.required_without', { attribute: 'payload', values: 'file' })).toBe(
      "Le champ données est obligatoire quand fichier n'est pas présent.",
    );
  });

  it('keeps array paths and unknown attributes', () => {
    expect(localiseAttribute('fr', 'ids.0')).toBe('ids.0');
    expect(localiseAttribute('fr', 'secret.2')).toBe('secret.2');
    expect(localiseAttribute('de', 'account.3')).toBe('Konto.3');
    expect(localiseAttribute('fr', 'with otp')).toBe('with otp');
    expect(attributeName('currentPassword')).toBe('current password');
    expect(attributeName('currentPassword', 'fr')).toBe('mot de passe actuel');
    expect(attributeName('otp_type', 'de')).toBe('OTP-Typ');
  });

  it('gives the pseudo group name of each language', () => {
    expect(locales.map((locale) => translate(locale, 'group.all'))).toEqual([
      'All',
      'Tous',
      'Alle',
      'Todos',
      '全部',
      'සියල්ල',
      'Tutti',
      'Todas',
      'Alle',
      'Wszystkie',
      'Все',
      'すべて',
      'Усі',
      'Tümü',
      'Vše',
      'Alla',
      'Alle',
      '전체',
      'Toate',
      'Összes',
      'Semua',
      'Tất cả',
      'Όλοι',
      'Всички',
      'Tots',
      'Všetky',
      'الكل',
      'همه',
    ]);
  });
});
