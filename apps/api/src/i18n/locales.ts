import { LANGUAGES } from '@twofold/otp';
/** Languages of the server's human-readable messages: every interface language. */
export const locales = LANGUAGES;
export type Locale = (typeof locales)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

const aliases: Record<string, Locale> = { 'zh-cn': 'zh', 'zh-hans': 'zh', 'zh-sg': 'zh', 'pt-br': 'pt' };

/**
 * The best supported language of an Accept-Language header: by quality, exact tag first
 * (with the zh-CN / zh-Hans aliases), then the two-letter prefix; `en` when nothing matches.
 */
export function negotiateLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const exact = aliases[tag] ?? (isLocale(tag) ? tag : undefined);
    if (exact) return exact;
    const prefix = tag.slice(0, 2);
    if (isLocale(prefix)) return prefix;
  }
  return 'en';
}
