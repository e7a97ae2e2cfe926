import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { boundedIds } from '../http/id-lists.js';
import { TwoFAccount } from '../accounts/accounts.schemas.js';
import { fieldError, invalid, invalidFields } from '../http/field-errors.js';
import { annotate, IdList, Nullable, Password } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import { appName, exportAegis, exportGoogleMigration, exportTwoFauth, exportUris } from './export.service.js';
import { parseImport, payloadLines } from './formats.js';
import { decodeGoogleMigration, MIGRATION_PREFIX } from './google-rows.js';
import { importFailure, toImportRows, type ImportRow } from './import.service.js';
import { toTimestamp } from '../http/common.schemas.js';
import { errors } from '../http/errors.js';

const FILE_MAX_BYTES = 10 * 1024 * 1024;

registerRule('migration_lines', (value) =>
  typeof value === 'string' && !payloadLines(value).every((line) => MIGRATION_PREFIX.test(line))
    ? { key: 'validation.regex', params: { attribute: 'uri' } }
    : undefined,
);

const truthy = (value: unknown) =>
  value === true ||
  value === 1 ||
  (typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase()));

function sendRows(reply: FastifyReply, rows: ImportRow[], notices: readonly string[]) {
  if (notices.length > 0) reply.header('x-import-notice', notices.join('; '));
  return reply.code(200).send(rows);
}

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
  { description: 'An Aegis vault (formats.md §6.3)' },
);

const GoogleMigrationExport = Type.Object(
  {
    uris: Type.Array(Type.String({ description: 'otpauth-migration://offline?data=…' })),
    skipped: Type.Array(Type.Object({ id: Type.Integer(), reason: Type.String() })),
  },
  { description: 'Google Authenticator migration URIs, one per QR code (at most 10 accounts each)' },
);

const ImportRows = Type.Array(TwoFAccount, {
  description: 'Preview rows: id 0 valid, -1 duplicate, -2 invalid',
});

export const importExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'api' } as const;
  const tags = ['twofaccounts'];

  app.post(
    '/api/v1/twofaccounts/migration',
    {
      config,
      schema: {
        tags,
        operationId: 'migrateAccounts',
        summary: "Convert another app's export into account rows, without storing them",
        consumes: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
        body: Type.Object({
          payload: Type.Optional(Nullable(Type.String({ description: 'The export, as text' }))),
          file: Type.Optional(
            Type.Unknown({ description: 'The export, as a file (multipart)', format: 'binary' }),
          ),
          password: Type.Optional(Type.Unknown({ description: 'Password of an encrypted export' })),
          withSecret: Type.Optional(Type.Unknown({ description: 'Truthy: rows include their secret' })),
        }),
        querystring: Type.Object({ withSecret: Type.Optional(Type.String()) }),
        response: { 200: ImportRows },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      const file = body.file;
      const payload = body.payload;
      const hasFile = file !== undefined && file !== null && file !== '';
      const hasPayload = typeof payload === 'string';
      if (!hasFile && !hasPayload) {
        throw invalidFields(
          [
            fieldError('payload', 'validation.required_without', { values: 'file' }),
            fieldError('file', 'validation.required_without', { values: 'payload' }),
          ],
          ['payload', 'file'],
        );
      }
      let input: string | Buffer;
      if (hasFile) {
        if (!Buffer.isBuffer(file)) throw invalid('file', 'validation.file');
        if (file.length > FILE_MAX_BYTES)
          throw invalid('file', 'validation.max.file', { max: FILE_MAX_BYTES / 1024 });
        input = file;
      } else input = payload as string;
      const result = parseImport(input);
      if (!result.ok) throw importFailure(result);
      const withSecret =
        truthy(body.withSecret) || truthy((request.query as Record<string, unknown>).withSecret);
      const rows = await toImportRows(app.deps, result.rows, { withSecret, locale: request.locale });
      return sendRows(reply, rows, result.notices);
    },
  );

  app.post(
    '/api/v1/twofaccounts/import',
    {
      config,
      schema: {
        tags,
        operationId: 'importGoogleMigration',
        summary: 'Convert Google Authenticator migration URIs (one per line) into account rows',
        body: Type.Object({ uri: Type.String(annotate({ 'x-rules': ['migration_lines'] })) }),
        response: { 200: ImportRows },
      },
    },
    async (request, reply) => {
      const google = decodeGoogleMigration(payloadLines(request.body.uri));
      if (!google) throw errors.business('error.migration_unreadable', { app: 'Google Authenticator' });
      const rows = await toImportRows(app.deps, google.rows, { withSecret: true, locale: request.locale });
      return sendRows(reply, rows, google.notices);
    },
  );

  app.get(
    '/api/v1/twofaccounts/export',
    {
      config,
      schema: {
        tags,
        operationId: 'exportAccounts',
        summary:
          'Export accounts: 2FAuth JSON (schema 1, icons inlined), otpauth list, text file, Aegis vault or Google Authenticator migration URIs',
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
          const uris = await exportUris(app.deps, ids);
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
          return exportAegis(app.deps, ids);
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
      config,
      schema: {
        tags,
        operationId: 'exportAccountsEncrypted',
        summary:
          'Export accounts as an encrypted Aegis vault (the password travels in the body, never in a URL)',
        body: Type.Object({
          ids: Type.Optional(IdList),
          format: Type.Optional(Type.Union([Type.Literal('aegis'), Type.Null()])),
          password: Password(),
        }),
        response: { 200: AegisVaultSchema },
      },
    },
    async (request) => {
      const body = request.body as Record<string, unknown>;
      if ('ids' in body && body.ids === null) throw invalid('ids', 'validation.required');
      const ids = typeof request.body.ids === 'string' ? boundedIds(request.body.ids) : undefined;
      return exportAegis(app.deps, ids, request.body.password);
    },
  );
};
