import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { locales } from '../i18n/locales.js';
import os from 'node:os';
import { Nullable } from '../http/common.schemas.js';
import { listSettings } from '../settings/settings.service.js';
import { oidcSettings, passwordSignInOff } from '../config/oidc-settings.js';

export const AppConfig = Type.Object(
  {
    version: Type.String(),
    proxyAuth: Type.Boolean(),
    proxyLogoutUrl: Nullable(Type.String()),
    isDemoApp: Type.Boolean(),
    isTestingApp: Type.Boolean(),
    subdirectory: Type.String(),
    locales: Type.Array(Type.String()),
    oidc: Nullable(
      Type.Object(
        { label: Type.String({ description: 'Provider name of the "Sign in with" button' }) },
        { description: 'OpenID Connect sign-in, when the server has a provider (Twofold only)' },
      ),
    ),
    passwordSignIn: Type.Boolean({
      description: 'False when the operator turned password sign-in off in favour of the provider',
    }),
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
        summary: 'What the web app needs before anything else',
        response: { 200: AppConfig },
      },
    },
    async () => {
      const { config } = app.deps;
      const oidc = oidcSettings(config);
      return {
        version: config.version,
        proxyAuth: config.AUTHENTICATION_GUARD === 'reverse-proxy-guard',
        proxyLogoutUrl: config.PROXY_LOGOUT_URL ?? null,
        isDemoApp: config.IS_DEMO_APP,
        isTestingApp: config.IS_TESTING_APP,
        subdirectory: '',
        locales: [...locales],
        oidc: oidc ? { label: oidc.label } : null,
        passwordSignIn: !passwordSignInOff(config),
      };
    },
  );
};

/** RFC 2822 date in UTC, e.g. `Tue, 14 Nov 2023 22:13:20 +0000`. */
function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

export const Infos = Type.Object(
  {
    Date: Type.String(),
    userAgent: Type.String(),
    Version: Type.String(),
    Environment: Type.Optional(Type.String()),
    Debug: Type.Optional(Type.String()),
    'DB driver': Type.Optional(Type.String()),
    'Node version': Type.Optional(Type.String()),
    'Operating system': Type.Optional(Type.String()),
    'Auth guard': Type.Optional(Type.String()),
    'Auth proxy header for user': Type.Optional(Type.String()),
    'Auth proxy header for email': Type.Optional(Type.String()),
    'webauthn user verification': Type.Optional(Type.String()),
    'Trusted proxies': Type.Optional(Type.String()),
    'Server clock offset': Type.Optional(
      Type.String({
        description: "`ok`, or how far the server's clock is off (`+123 s`: ahead) by its devices",
      }),
    ),
    'Data disk free': Type.Optional(
      Type.String({ description: 'Free space in DATA_DIR, in MB (Twofold only)' }),
    ),
    options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { description: 'About screen data; environment details only for the signed-in user' },
);

export const infosRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/infos',
    {
      config: { auth: 'optional', scope: 'codes' },
      schema: {
        tags: ['app'],
        operationId: 'getInfos',
        summary: 'Version and, for the signed-in user, the environment',
        response: { 200: Infos },
      },
    },
    async (request) => {
      const { config, clock } = app.deps;
      const base = {
        Date: rfc2822(clock.now()),
        userAgent: request.headers['user-agent'] ?? '',
        Version: config.version,
      };
      if (!request.caller) return base;
      const proxyMode = config.AUTHENTICATION_GUARD === 'reverse-proxy-guard';
      const trusted = config.TRUSTED_PROXIES === '*' ? ['*'] : [...config.TRUSTED_PROXIES];
      // Nothing secret: no key, token, key-file path or mail credential is listed.
      const settings = await listSettings(app.deps);
      const offset = app.deps.clockWatch.status().serverOffsetMs;
      const space = await app.deps.disk.space();
      return {
        ...base,
        Environment: config.APP_ENV,
        Debug: String(config.APP_ENV === 'development'),
        'DB driver': app.dbDriver,
        'Node version': process.version,
        'Operating system': `${os.type()} ${os.release()} (${os.arch()})`,
        'Auth guard': config.AUTHENTICATION_GUARD,
        ...(proxyMode
          ? {
              'Auth proxy header for user': config.AUTH_PROXY_HEADER_FOR_USER,
              'Auth proxy header for email': config.AUTH_PROXY_HEADER_FOR_EMAIL ?? '',
            }
          : {}),
        'webauthn user verification': config.WEBAUTHN_USER_VERIFICATION,
        'Trusted proxies': trusted.length > 0 ? trusted.join(', ') : 'none',
        'Server clock offset':
          offset === null ? 'ok' : `${offset > 0 ? '+' : ''}${Math.round(offset / 1000)} s`,
        ...(space ? { 'Data disk free': `${Math.floor(space.freeBytes / 1024 / 1024)} MB` } : {}),
        options: Object.fromEntries(settings.map((item) => [item.key, item.value])),
      };
    },
  );
};
