import { LANGUAGES, RTL_LANGUAGES } from '@twofold/otp/browser';
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { keepCataloguesOffline } from './offline-catalogues';

/** The interface languages, in the order the language setting lists them. */
export const LOCALES = LANGUAGES;
export type Locale = (typeof LOCALES)[number];

/** Native names, shown in the language selector whatever the current language is. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  es: 'Español',
  zh: '简体中文',
  si: 'සිංහල',
  it: 'Italiano',
  pt: 'Português (Brasil)',
  nl: 'Nederlands',
  pl: 'Polski',
  ru: 'Русский',
  ja: '日本語',
  uk: 'Українська',
  tr: 'Türkçe',
  cs: 'Čeština',
  sv: 'Svenska',
  da: 'Dansk',
  ko: '한국어',
  ro: 'Română',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  vi: 'Tiếng Việt',
  el: 'Ελληνικά',
  bg: 'Български',
  ca: 'Català',
  sk: 'Slovenčina',
  ar: 'العربية',
  fa: 'فارسی',
};

/**
 * Catalogues live in `locales/<locale>/<namespace>.json`, one namespace per feature so that each
 * screen downloads only its own texts, in one language.
 */
const catalogues = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

/** Every namespace, as the catalogue files name them. */
const NAMESPACES = [
  ...new Set(Object.keys(catalogues).map((path) => /\/(\w+)\.json$/.exec(path)?.[1] ?? 'common')),
];

/**
 * Every namespace of the language in use and of its fallback (English) loaded, then kept for
 * offline use. A failure only means the next visit without a server falls back further.
 */
function keepOffline(): void {
  keepCataloguesOffline([...i18n.languages], () => i18n.loadNamespaces(NAMESPACES)).catch(() => {});
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = catalogues[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The browser's first supported language ('zh-CN' -> 'zh'), else English. */
export function browserLocale(languages: readonly string[] = navigator.languages): Locale {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** The locale chosen in the settings ('browser' = follow the browser). */
export function resolveLocale(setting: unknown): Locale {
  return isLocale(setting) ? setting : browserLocale();
}

export async function initI18n(locale: Locale): Promise<typeof i18n> {
  await i18n
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  setDocumentLanguage(locale);
  keepOffline();
  return i18n;
}

/** The document's language tag, where it differs from the locale code. */
const documentLanguages: Partial<Record<Locale, string>> = { zh: 'zh-Hans', pt: 'pt-BR' };

/** The document's language and direction: the layout mirrors in right-to-left languages. */
function setDocumentLanguage(locale: Locale): void {
  document.documentElement.lang = documentLanguages[locale] ?? locale;
  document.documentElement.dir = RTL_LANGUAGES.includes(locale) ? 'rtl' : 'ltr';
}

/** Switches the interface language without a reload (after signing in with another language set). */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18n.language === locale) return;
  await i18n.changeLanguage(locale);
  setDocumentLanguage(locale);
  keepOffline();
}

/**
 * A route loader that fetches the catalogues its screen reads before the screen renders. Left to
 * the screen, `useTranslation` would suspend after the screen's code arrived: one more round trip,
 * and React holds the content back for a while after showing a fallback (so that it does not
 * flicker), which on a slow phone cost the accounts screen about 300 ms.
 */
export function loadCatalogues(...namespaces: string[]): () => Promise<void> {
  return async () => {
    await i18n.loadNamespaces(namespaces);
  };
}

export { i18n };
