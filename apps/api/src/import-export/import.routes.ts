import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ImportRow } from '../accounts/accounts.schemas.js';
import { fieldError, invalid, invalidFields } from '../http/field-errors.js';
import { annotate, isTruthy, Nullable, Password } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import { previewImport, type ImportPreview } from './import.service.js';
import { issueImportGrant } from '../auth/import-grant.js';

const FILE_MAX_BYTES = 10 * 1024 * 1024;

/** What the Google import route accepts as a migration line. */
const MIGRATION_PREFIX = /^otpauth-migration:\/\/offline\?data=/i;

/** Lines of a text payload: split on any line break, blank lines dropped, each trimmed. */
const payloadLines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

registerRule('migration_lines', (value) =>
  typeof value === 'string' && !payloadLines(value).every((line) => MIGRATION_PREFIX.test(line))
    ? { key: 'validation.regex', params: { attribute: 'uri' } }
    : undefined,
);

/**
 * A multipart text field has its line endings turned into CRLF by the sender (the HTML form
 * encoding), so a client that must keep a password's bytes sends it as a file part instead: it
 * arrives as bytes and is read as UTF-8 text here, before validation.
 */
function passwordPartAsText(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  const body = request.body as Record<string, unknown> | undefined;
  if (body && Buffer.isBuffer(body.password)) body.password = body.password.toString('utf8');
  done();
}

function sendRows(request: FastifyRequest, reply: FastifyReply, preview: ImportPreview) {
  issueImportGrant(request, reply);
  if (preview.notices.length > 0) reply.header('x-import-notice', preview.notices.join('; '));
  if (preview.skipped > 0) reply.header('x-import-skipped', String(preview.skipped));
  return reply.code(200).send(preview.rows);
}

const ImportRows = Type.Array(ImportRow, {
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
          password: Type.Optional(
            Password({
              description:
                'Password of an encrypted export, taken as given (never trimmed); ignored for plain ones. In a multipart body it may be a part with a file name, read as UTF-8, so that no line ending is rewritten',
            }),
          ),
          withSecret: Type.Optional(Type.Unknown({ description: 'Truthy: rows include their secret' })),
          withExtras: Type.Optional(
            Type.Unknown({
              description:
                'Truthy (Twofold only): rows include `favorite` and their tags, and with `withSecret` their note and recovery codes',
            }),
          ),
        }),
        querystring: Type.Object({
          withSecret: Type.Optional(Type.String()),
          withExtras: Type.Optional(Type.String()),
        }),
        response: { 200: ImportRows },
      },
      preValidation: passwordPartAsText,
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
      const withSecret =
        isTruthy(body.withSecret) || isTruthy((request.query as Record<string, unknown>).withSecret);
      const withExtras =
        isTruthy(body.withExtras) || isTruthy((request.query as Record<string, unknown>).withExtras);
      const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
      const preview = await previewImport(app.deps, input, {
        ...(password === undefined ? {} : { password }),
        withSecret,
        withExtras,
        locale: request.locale,
      });
      return sendRows(request, reply, preview);
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
      // Every line is a migration URI (the rule above), so the importer can only read it as Google.
      const text = payloadLines(request.body.uri).join('\n');
      const preview = await previewImport(app.deps, text, { withSecret: true, locale: request.locale });
      return sendRows(request, reply, preview);
    },
  );
};
