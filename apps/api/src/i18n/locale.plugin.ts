import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { cachedNativeSettings } from '../settings/settings.cache.js';
import { isLocale } from './locales.js';

/**
 * The caller's language (api.md §1.6): `onRequest` (infrastructure) sets it from Accept-Language;
 * once the auth plugin has identified the caller, a `lang` setting other than `browser` wins.
 * Registered after the auth plugin so its hook runs after authentication, before validation.
 */
export const localePlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (!request.caller) return;
      const { lang } = await cachedNativeSettings(app);
      if (isLocale(lang)) request.locale = lang;
    });
  },
  { name: 'locale', dependencies: ['auth'] },
);
