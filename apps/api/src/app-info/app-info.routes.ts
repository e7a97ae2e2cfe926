import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { locales } from '../i18n/locales.js';
import { Nullable } from '../http/common.schemas.js';

export const AppConfig = Type.Object(
  {
    version: Type.String(),
    proxyAuth: Type.Boolean(),
    proxyLogoutUrl: Nullable(Type.String()),
    isDemoApp: Type.Boolean(),
    isTestingApp: Type.Boolean(),
    subdirectory: Type.String(),
    locales: Type.Array(Type.String()),
  },
  { description: 'Application configuration for the web app' },
);

export const appInfoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/app-config',
    {
      schema: {
        tags: ['app'],
        operationId: 'getAppConfig',
        summary: 'What the web app needs before anything else (api.md §11.1)',
        response: { 200: AppConfig },
      },
    },
    async () => {
      const { config } = app;
      return {
        version: config.version,
        proxyAuth: config.AUTHENTICATION_GUARD === 'reverse-proxy-guard',
        proxyLogoutUrl: config.PROXY_LOGOUT_URL ?? null,
        isDemoApp: config.IS_DEMO_APP,
        isTestingApp: config.IS_TESTING_APP,
        subdirectory: '',
        locales: [...locales],
      };
    },
  );
};
