import type { Executor } from '../db/database.js';
import { isLocale, type Locale } from '../i18n/locales.js';
import { readNativeSetting } from './settings.queries.js';

/**
 * The language of a mail to the user: their `lang` preference, else (`browser`) the language of
 * the request that asked for it, as for the server's other messages.
 */
export async function recipientLocale(db: Executor, requestLocale: Locale): Promise<Locale> {
  const lang = await readNativeSetting(db, 'lang');
  return isLocale(lang) ? lang : requestLocale;
}
