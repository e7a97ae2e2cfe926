import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { boundedIds } from '../http/id-lists.js';
import { invalid } from '../http/field-errors.js';
import { IdList, Nullable, Password, toTimestamp } from '../http/common.schemas.js';
import { assertRecentlyConfirmed } from '../auth/identity-confirmation.js';
import { sessionPort } from '../auth/session-port.js';
import { appName, exportAegis, exportGoogleMigration, exportTwoFauth, exportUris } from './export.service.js';

const TwoFauthExport = Type.Object(
  {
    app: Type.String(),
    schema: Type.Optional(Type.Integer()),
    datetime: Type.String(),
    data: Type.Array(
      Type.Object({
        uri: Type.Optional(Type.String()),
        otp_type: Type.Optional(Type.String()),
        account: Type.Optional(Type.String()),
        service: Type.Optional(Nullable(Type.String())),
        icon: Type.Optional(Nullable(Type.String())),
        icon_mime: Type.Optional(Nullable(Type.String())),
        icon_file: Type.Optional(Nullable(Type.String())),
        secret: Type.Optional(Type.String()),
        digits: Type.Optional(Type.Integer()),
        algorithm: Type.Optional(Type.String()),
        period: Type.Optional(Nullable(Type.Integer())),
        counter: Type.Optional(Nullable(Type.Integer())),
        legacy_uri: Type.Optional(Type.String()),
      }),
    ),
  },
  { description: '2FAuth JSON (schema 1), or its otpauth variant (`data` of `{uri}`, no `schema`)' },
);

const AegisVaultSchema = Type.Object(
  {
    version: Type.Integer(),
    header: Type.Object({
      slots: Nullable(Type.Array(Type.Unknown())),
      params: Nullable(Type.Object({ nonce: Type.String(), tag: Type.String() })),
    }),
    db: Type.Unknown({ description: 'The db object (version 3), or its encrypted form (base64)' }),
  },
  { description: 'An Aegis vault' },
);

const GoogleMigrationExport = Type.Object(
  {
    uris: Type.Array(Type.String({ description: 'otpauth-migration://offline?data=…' })),
    skipped: Type.Array(Type.Object({ id: Type.Integer(), reason: Type.String() })),
  },
  { description: 'Google Authenticator migration URIs, one per QR code (at most 10 accounts each)' },
);

/** Exports: 2FAuth JSON, otpauth lists, Aegis vaults (plain or encrypted) and Google Authenticator URIs. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'api' } as const;
  const tags = ['twofaccounts'];

  // The export alert, once the secrets have left (an invalid request exports nothing).
  type ExportQuery = { format?: string | null; otpauth?: boolean };
  // An Aegis vault carries notes and recovery codes: a web session confirms who it is first, as
  // the notes screen asks (tokens, as there, do not).
  const confirmRecovery = (request: FastifyRequest, reply: FastifyReply) => () =>
    assertRecentlyConfirmed(request.caller, () => sessionPort(request, reply), app.deps.clock.now());
  const alertOnExport =
    (format: (query: ExportQuery) => string) => async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode === 200)
        app.deps.alerts.raise({ kind: 'export', format: format(request.query as ExportQuery) });
    };

  app.get(
    '/api/v1/twofaccounts/export',
    {
      config,
      onResponse: alertOnExport((query) => query.format ?? (query.otpauth ? 'otpauth' : '2fauth')),
      schema: {
        tags,
        operationId: 'exportAccounts',
        summary:
          'Export accounts: 2FAuth JSON (schema 1, icons inlined), otpauth list, text file, Aegis vault or Google Authenticator migration URIs (an Aegis vault carrying notes or recovery codes: a web session must have confirmed its user within 5 minutes, else 403 `identity_confirmation_required`)',
        querystring: Type.Object({
          ids: Type.Optional(IdList),
          otpauth: Type.Optional(Type.Boolean()),
          format: Type.Optional(
            Type.Union([
              Type.Literal('2fauth'),
              Type.Literal('otpauth'),
              Type.Literal('txt'),
              Type.Literal('aegis'),
              Type.Literal('gmigration'),
              Type.Null(),
            ]),
          ),
        }),
        response: {
          200: Type.Union([TwoFauthExport, AegisVaultSchema, GoogleMigrationExport], {
            description: 'JSON formats; `format=txt` answers text/plain',
          }),
        },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if ('ids' in query && query.ids === null) throw invalid('ids', 'validation.required');
      const ids = typeof request.query.ids === 'string' ? boundedIds(request.query.ids) : undefined;
      const format = request.query.format ?? (request.query.otpauth ? 'otpauth' : '2fauth');
      switch (format) {
        case 'txt': {
          const uris = await exportUris(app.deps, ids, 'steam');
          const day = toTimestamp(app.deps.clock.now()).slice(0, 10);
          return reply
            .type('text/plain; charset=utf-8')
            .header('content-disposition', `attachment; filename="twofold-export-${day}.txt"`)
            .serializer((payload) => payload as string)
            .send(uris.map((uri) => `${uri}\n`).join('') as never);
        }
        case 'otpauth': {
          const uris = await exportUris(app.deps, ids);
          return {
            app: appName(app.deps.config.version),
            datetime: toTimestamp(app.deps.clock.now()),
            data: uris.map((uri) => ({ uri })),
          };
        }
        case 'aegis':
          return exportAegis(app.deps, ids, { confirmRecovery: confirmRecovery(request, reply) });
        case 'gmigration':
          return exportGoogleMigration(app.deps, ids);
        case '2fauth':
          return exportTwoFauth(app.deps, ids);
      }
    },
  );

  app.post(
    '/api/v1/twofaccounts/export',
    {
      // A read (of every secret) sent as POST for its password: a `read` token may.
      config: { ...config, scope: 'read' },
      onResponse: alertOnExport(() => 'aegis (encrypted)'),
      schema: {
        tags,
        operationId: 'exportAccountsEncrypted',
        summary:
          'Export accounts as an encrypted Aegis vault (the password travels in the body, never in a URL; carrying notes or recovery codes: a web session must have confirmed its user within 5 minutes, else 403 `identity_confirmation_required`)',
        body: Type.Object({
          ids: Type.Optional(IdList),
          format: Type.Optional(Type.Union([Type.Literal('aegis'), Type.Null()])),
          password: Password(),
        }),
        response: { 200: AegisVaultSchema },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      if ('ids' in body && body.ids === null) throw invalid('ids', 'validation.required');
      const ids = typeof request.body.ids === 'string' ? boundedIds(request.body.ids) : undefined;
      return exportAegis(app.deps, ids, {
        password: request.body.password,
        confirmRecovery: confirmRecovery(request, reply),
      });
    },
  );
};
