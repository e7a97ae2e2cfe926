import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { TwoFAccount } from '../accounts/accounts.schemas.js';
import { fieldError, invalid, invalidFields } from '../http/field-errors.js';
import { annotate, isTruthy, Nullable } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import { errors } from '../http/errors.js';
import { parseImport, payloadLines } from './formats.js';
import { decodeGoogleMigration, MIGRATION_PREFIX } from './google-rows.js';
import { importFailure, toImportRows, type ImportRow } from './import.service.js';

const FILE_MAX_BYTES = 10 * 1024 * 1024;

registerRule('migration_lines', (value) =>
  typeof value === 'string' && !payloadLines(value).every((line) => MIGRATION_PREFIX.test(line))
    ? { key: 'validation.regex', params: { attribute: 'uri' } }
    : undefined,
);

function sendRows(reply: FastifyReply, rows: ImportRow[], notices: readonly string[]) {
  if (notices.length > 0) reply.header('x-import-notice', notices.join('; '));
  return reply.code(200).send(rows);
}

const ImportRows = Type.Array(TwoFAccount, {
  description: 'Preview rows: id 0 valid, -1 duplicate, -2 invalid',
});

/** Imports: another app's export, or Google Authenticator migration URIs, as account rows (nothing stored). */
export const importRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        isTruthy(body.withSecret) || isTruthy((request.query as Record<string, unknown>).withSecret);
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
};
