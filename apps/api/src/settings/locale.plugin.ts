import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { cachedNativeSettings, nativeSettingsSlot } from './settings.cache.js';
import { isLocale } from '../i18n/locales.js';

/**
 * The caller's language of messages: `onRequest` (infrastructure) sets it from Accept-Language;
 * once the auth plugin has identified the caller, a `lang` setting other than `browser` wins.
 * Registered after the auth plugin so its hook runs after authentication, before validation.
 */
export const localePlugin = fp(
  async (app) => {
    const apply = (request: FastifyRequest, lang: unknown) => {
      if (isLocale(lang)) request.locale = lang;
    };
    // Callback style: with the settings cached (app.deps.caches), no promise on the hot path.
    app.addHook('onRequest', (request, _reply, done) => {
      if (!request.caller) return done();
      const cached = app.deps.caches.get(nativeSettingsSlot);
      if (cached) {
        apply(request, cached.lang);
        return done();
      }
      cachedNativeSettings(app.deps).then((settings) => {
        apply(request, settings.lang);
        done();
      }, done);
    });
  },
  { name: 'locale', dependencies: ['auth'] },
);
