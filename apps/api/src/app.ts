import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config/config.js';
import type { AppKeys } from './config/app-key.js';
import type { Clock } from './clock.js';
import type { DB } from './db/schema.js';
import type { DatabaseDriver } from './db/database.js';
import type { Mailer } from './mail/mailer.js';
import type { MailOutbox } from './mail/mail-outbox.js';
import { moveMailFilesIn } from './mail/mail-files.js';
import './http/fastify-types.js';
import { validatorCompiler } from './http/validation.js';
import { lazySerializers } from './http/lazy-serializers.js';
import { installErrorHandler } from './http/error-handler.js';
import { frameworkErrorHandler } from './http/bad-url.js';
import { registerRequestLog } from './http/request-log.js';
import { registerWireConventions } from './http/infrastructure.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { registerOpenApi } from './openapi/openapi.plugin.js';
import { registerFallbacks } from './spa/fallbacks.js';
import { registerAssetManifest } from './spa/asset-manifest.js';
import { authPlugin } from './auth/auth.plugin.js';
import { localePlugin } from './settings/locale.plugin.js';
import { sessionPlugin } from './auth/session.js';
import { rateLimitPlugin } from './auth/rate-limit.plugin.js';
import { authRoutes } from './auth/auth.routes.js';
import { signInRoutes } from './users/sign-in.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { passwordResetRoutes } from './users/password-reset.routes.js';
import { tokensRoutes } from './tokens/tokens.routes.js';
import { webauthnRoutes } from './webauthn/webauthn.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { appInfoRoutes, infosRoutes } from './app-info/app-info.routes.js';
import { userNameRoutes } from './auth/user-name.routes.js';
import { sessionStatusRoutes } from './session-status/session-status.routes.js';
import multipart from '@fastify/multipart';
import { settingsRoutes } from './settings/settings.routes.js';
import { featuresRoutes } from './features/features.routes.js';
import { groupsRoutes } from './groups/groups.routes.js';
import { groupAccountsRoutes } from './accounts/group-accounts.routes.js';
import { tagsRoutes } from './tags/tags.routes.js';
import { extrasRoutes } from './extras/extras.routes.js';
import { confirmIdentityRoutes } from './users/confirm-identity.routes.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { accountChangesRoutes } from './accounts/account-changes.routes.js';
import { trashRoutes } from './accounts/trash.routes.js';
import { favoritesRoutes } from './accounts/favorites.routes.js';
import { duplicatesRoutes } from './accounts/duplicates.routes.js';
import { accountOtpRoutes } from './accounts/account-otp.routes.js';
import { iconsRoutes } from './icons/icons.routes.js';
import { iconPurgePlugin } from './icons/icon-purge.plugin.js';
import { encryptionPlugin } from './settings/encryption-at-rest.plugin.js';
import { qrcodeRoutes } from './qrcode/qrcode.routes.js';
import { importRoutes } from './import-export/import.routes.js';
import { exportRoutes } from './import-export/export.routes.js';
import { sharedKdfPool } from './import-export/kdf-pool.js';
import { backupsRoutes, breakGlassRoutes } from './backups/backups.routes.js';
import { destinationsRoutes } from './backups/destinations/destinations.routes.js';
import { alertsRoutes } from './alerts/alerts.routes.js';
import { createAlerts } from './alerts/alert-dispatcher.js';
import { deviceCopiesRoutes } from './device-copies/device-copies.routes.js';
import { accountWebsitesRoutes } from './accounts/account-websites.routes.js';
import { deviceAuthorizationsRoutes } from './device-authorizations/device-authorizations.routes.js';
import { userManagerRoutes } from './users/user-manager.routes.js';
import { codeLogRoutes } from './code-log/code-log.routes.js';
import { sessionsRoutes } from './sessions/sessions.routes.js';
import { oidcRoutes } from './oidc/oidc.routes.js';
import { closeCodeLog } from './code-log/code-log.writer.js';
import { AppCaches } from './cache/app-caches.js';
import { invalidatingDatabase } from './cache/invalidate-on-write.js';
import { DatabaseIconStore, DiskIconStore, moveIconFilesIn, type IconStore } from './images/icon-store.js';
import type { Deps } from './shared/deps.js';
import { DiskWatch } from './storage/disk.js';
import { ClockWatch } from './clock-skew/clock-watch.js';
import { TimeCheck } from './clock-skew/time-check.js';
import { parseTimeSource } from './clock-skew/time-source.js';
import { readNativeSettings } from './settings/settings.queries.js';
import { registerDiskGuard, serverStatusRoutes } from './server-status/server-status.routes.js';
import { serializeErrorForLog } from './db/driver-errors.js';
import { parseQueryString } from './http/id-lists.js';
import { passwordHashing } from './auth/password.js';

export interface AppDependencies {
  readonly config: Config;
  readonly db: Kysely<DB>;
  readonly dbDriver: DatabaseDriver;
  readonly keys: AppKeys;
  readonly clock: Clock;
  readonly mailer: Mailer;
  /** PostgreSQL: the mail outbox the link mails are queued in (its sender is started by the caller). */
  readonly outbox?: MailOutbox;
  /** A logger instance (tests capture its lines); by default a pino logger at LOG_LEVEL. */
  readonly logger?: FastifyBaseLogger;
  /** Folder of the built web app; null = none (API only). Defaults to apps/web/dist. */
  readonly webRoot?: string | null;
  /** The scrypt cost N of new password hashes; by default the server's (auth/password.ts). */
  readonly passwordCost?: number;
  /** More route plugins, registered after the app's own (tests of the shared HTTP layer). */
  readonly extraRoutes?: readonly FastifyPluginAsync[];
}

/**
 * The icons' home: DATA_DIR/icons on the embedded database; on PostgreSQL the database itself, so
 * that replicas need no shared folder (icons left in DATA_DIR/icons by an earlier version are
 * moved in first).
 */
export async function openIconStore(
  deps: Pick<AppDependencies, 'config' | 'db' | 'dbDriver'>,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<IconStore> {
  const dir = path.join(deps.config.dataDir, 'icons');
  if (deps.dbDriver !== 'postgres') return new DiskIconStore(dir);
  const store = new DatabaseIconStore(deps.db);
  try {
    const moved = await moveIconFilesIn(deps.db, dir);
    if (moved > 0) log.info(`${moved} icons moved from ${dir} into the database`);
    await store.reload();
  } catch (error) {
    // The database is down: requests answer 503 meanwhile; the names are read on first use, and
    // files not moved yet are moved at the next start.
    log.warn({ err: error }, 'icons could not be read from the database yet');
  }
  return store;
}

/**
 * On PostgreSQL, mail left in DATA_DIR/mail as .eml files by an earlier version (no MAIL_HOST) is
 * moved into the outbox, so that it is sent (or exported) like mail queued since.
 */
async function moveMailIn(
  deps: AppDependencies,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  if (!deps.outbox) return;
  const dir = path.join(deps.config.dataDir, 'mail');
  try {
    const moved = await moveMailFilesIn(deps, dir);
    if (moved > 0) log.info(`${moved} unsent mails moved from ${dir} into the database`);
  } catch (error) {
    // The database is down: the files stay, and are moved at the next start.
    log.warn({ err: error }, 'unsent mail files could not be moved into the database yet');
  }
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Headers and fields that may carry secrets: never logged. */
export const redactedLogPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers.token',
  'res.headers["set-cookie"]',
];

/**
 * The request line of the log: e-mailed links carry a single-use token and an address in their
 * query (`/user/password/reset?token=…&email=…`), so those values are masked.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(/([?&](?:token|email|password)=)[^&#]*/gi, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * What the services work with: empty caches for each app, and the database whose writes drop
 * the cached values they make stale.
 */
function serviceDeps(deps: AppDependencies, log: FastifyBaseLogger, icons: IconStore): Deps {
  const caches = new AppCaches();
  // The watches raise alerts through the port built from them (late-bound: it needs them first).
  const late: { alerts?: Deps['alerts'] } = {};
  const raise = (event: Parameters<Deps['alerts']['raise']>[0]) => late.alerts?.raise(event);
  const db = invalidatingDatabase(deps.db, caches);
  const clockWatch = new ClockWatch(deps.clock, raise);
  const base = {
    config: deps.config,
    db,
    caches,
    keys: deps.keys,
    clock: deps.clock,
    mailer: deps.mailer,
    ...(deps.outbox ? { outbox: deps.outbox } : {}),
    icons,
    passwords: passwordHashing(deps.passwordCost),
    deriveKey: sharedKdfPool().deriveKey,
    log,
    disk: new DiskWatch({ dir: deps.config.dataDir, clock: deps.clock, log, raise }),
    clockWatch,
    timeCheck: new TimeCheck({
      clock: deps.clock,
      watch: clockWatch,
      log,
      // The setting when set, else the variable (both checked when written).
      source: async () =>
        parseTimeSource((await readNativeSettings(db)).timeCheck || deps.config.TIME_CHECK) ?? {
          kind: 'off',
        },
    }),
  };
  late.alerts = createAlerts(base);
  return { ...base, alerts: late.alerts };
}

/**
 * Builds the whole HTTP application with its collaborators injected.
 * Boot order: infrastructure, then decorators, then routes.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const serializers = lazySerializers();
  const app = Fastify({
    ...(deps.logger
      ? {
          loggerInstance: deps.logger.child(
            {},
            { serializers: { req: serializeRequest, err: serializeErrorForLog } },
          ),
        }
      : {
          logger: {
            level: config.LOG_LEVEL,
            redact: { paths: redactedLogPaths, censor: '[redacted]' },
            serializers: { req: serializeRequest, err: serializeErrorForLog },
          },
        }),
    routerOptions: { ignoreTrailingSlash: true, querystringParser: parseQueryString },
    schemaController: { compilersFactory: { buildSerializer: serializers.factory } },
    frameworkErrors: frameworkErrorHandler,
    // One compact access-log line per request instead (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 20 * 1024 * 1024,
    trustProxy:
      config.TRUSTED_PROXIES === '*'
        ? true
        : config.TRUSTED_PROXIES.length > 0
          ? [...config.TRUSTED_PROXIES]
          : false,
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.decorate('compileSerializers', serializers.compileAll);
  installErrorHandler(app);
  registerRequestLog(app);

  // Infrastructure
  await registerWireConventions(app);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  await registerOpenApi(app, config.version);
  const webRoot = deps.webRoot === undefined ? (config.webDir ?? defaultWebRoot) : deps.webRoot;
  registerAssetManifest(app, webRoot);
  await registerFallbacks(app, webRoot);
  // Uploads (icons, QR images, import files): parts become body fields, files Buffers; the
  // per-route size rules are validation rules (422), these limits only stop abuse.
  // Sessions (encrypted cookie + server-side rows), then request rate limits: both run before auth.
  await app.register(sessionPlugin, { config, keys: deps.keys });
  await app.register(rateLimitPlugin, { config });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: 20 * 1024 * 1024, files: 2, fields: 20, parts: 22, fieldSize: 1024 * 1024 },
  });

  // Decorators: the services' dependencies, built once
  app.decorate('deps', serviceDeps(deps, app.log, await openIconStore(deps, app.log)));
  await moveMailIn(deps, app.log);
  // Alerts still queued are dropped at close: their retries would outlive the database.
  app.addHook('onClose', async () => app.deps.alerts.close());
  // The mail being sent, if any, is finished before the database closes.
  app.addHook('onClose', async () => deps.outbox?.stop());
  app.decorate('dbDriver', deps.dbDriver);
  await app.register(authPlugin);
  await app.register(localePlugin);
  await app.register(iconPurgePlugin);
  await app.register(encryptionPlugin);
  registerDiskGuard(app);

  // Routes, one plugin per feature
  await app.register(healthRoutes);
  await app.register(appInfoRoutes);
  await app.register(infosRoutes);
  await app.register(userNameRoutes);
  await app.register(sessionStatusRoutes);
  await app.register(signInRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(passwordResetRoutes);
  await app.register(tokensRoutes);
  await app.register(webauthnRoutes);
  await app.register(settingsRoutes);
  await app.register(featuresRoutes);
  await app.register(groupsRoutes);
  await app.register(groupAccountsRoutes);
  await app.register(accountsRoutes);
  await app.register(accountChangesRoutes);
  await app.register(trashRoutes);
  await app.register(favoritesRoutes);
  await app.register(duplicatesRoutes);
  await app.register(accountOtpRoutes);
  await app.register(tagsRoutes);
  await app.register(extrasRoutes);
  await app.register(confirmIdentityRoutes);
  await app.register(iconsRoutes);
  await app.register(qrcodeRoutes);
  await app.register(importRoutes);
  await app.register(exportRoutes);
  await app.register(destinationsRoutes);
  await app.register(backupsRoutes);
  await app.register(breakGlassRoutes);
  await app.register(alertsRoutes);
  await app.register(deviceCopiesRoutes);
  await app.register(deviceAuthorizationsRoutes);
  await app.register(accountWebsitesRoutes);
  await app.register(userManagerRoutes);
  await app.register(codeLogRoutes);
  await app.register(sessionsRoutes);
  await app.register(oidcRoutes);
  await app.register(serverStatusRoutes);
  // Codes logged in the last turn of the event loop are written before the database closes.
  app.addHook('onClose', async () => closeCodeLog(app.deps));
  for (const routes of deps.extraRoutes ?? []) await app.register(routes);

  await app.ready();
  return app;
}
