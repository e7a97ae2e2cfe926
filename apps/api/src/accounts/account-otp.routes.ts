import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { csrfMatches, currentSession } from '../auth/session.js';
import { errors } from '../http/errors.js';
import { qrDataUri } from '../qrcode/qrcode.service.js';
import { findAccountRow } from './accounts.queries.js';
import { Otp, OtpBody, QrCode, TwoFAccountPreview } from './accounts.schemas.js';
import { previewUri } from './accounts.service.js';
import { findView } from './accounts.reads.js';
import { generatedUri, otpOfAccount, otpPreview } from './account-otp.service.js';
import { AccountIdParams } from '../http/common.schemas.js';
import { logCodes } from '../code-log/code-log.writer.js';

async function isHotp(app: FastifyInstance, id: number): Promise<boolean> {
  const row = await findAccountRow(app.deps.db, id);
  return row?.otp_type === 'hotp';
}

/**
 * Callers authenticated by what the browser sends on its own (the session cookie, or the proxy's
 * identity header behind an SSO proxy): a link or a prefetch could act for them.
 */
const sentByBrowser = (request: FastifyRequest) =>
  request.caller?.kind === 'session' || request.caller?.kind === 'proxy';

/** The CSRF check of unsafe requests, applied to a browser caller's HOTP `GET …/otp` (it spends a counter). */
async function requireCsrf(request: FastifyRequest): Promise<void> {
  if (!sentByBrowser(request)) return;
  if (!csrfMatches(request, await currentSession(request))) throw errors.csrfMismatch();
}

/** Codes, previews and QR codes of accounts: what reads or computes a code without editing the account. */
export const accountOtpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'api' } as const;
  const codesConfig = { auth: 'api', scope: 'codes' } as const;
  const tags = ['twofaccounts'];
  app.post(
    '/api/v1/twofaccounts/preview',
    {
      config,
      schema: {
        tags,
        operationId: 'previewAccount',
        summary: 'Parse an otpauth URI without storing it',
        body: Type.Object({ uri: Type.String(), custom_otp: Type.Optional(Type.String()) }),
        response: { 200: TwoFAccountPreview },
      },
    },
    async (request) => previewUri(app.deps, request.body),
  );

  app.get(
    '/api/v1/twofaccounts/:id/otp',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'getAccountOtp',
        summary: 'The current code of an account (HOTP: consumes the counter)',
        params: AccountIdParams,
        response: { 200: Otp },
      },
    },
    async (request) => {
      // HEAD never consumes a HOTP counter; a browser caller's GET needs the CSRF header.
      const head = request.method === 'HEAD';
      if (!head && sentByBrowser(request) && (await isHotp(app, request.params.id))) {
        await requireCsrf(request);
      }
      const { otp, names } = await otpOfAccount(app.deps, request.params.id, { consume: !head });
      // HEAD sends no code: nothing to log.
      if (!head) {
        const counter = 'counter' in otp && typeof otp.counter === 'number' ? otp.counter - 1 : null;
        logCodes(app.deps, request, [
          { accountId: request.params.id, otpType: otp.otp_type, counter, ...names },
        ]);
      }
      return otp;
    },
  );

  app.get(
    '/api/v1/twofaccounts/:id/qrcode',
    {
      config,
      schema: {
        tags,
        operationId: 'getAccountQrCode',
        summary: "The account's otpauth URI as an SVG QR code (data URI)",
        params: AccountIdParams,
        response: { 200: QrCode },
      },
    },
    async (request) => {
      const view = await findView(app.deps, request.params.id);
      if (!view.uriReadable) throw errors.business('error.unable_to_decrypt_uri');
      return { qrcode: await qrDataUri(generatedUri(view)) };
    },
  );

  app.post(
    '/api/v1/twofaccounts/otp',
    {
      // A code of data the caller sends: nothing stored is revealed.
      config: codesConfig,
      schema: {
        tags,
        operationId: 'previewOtp',
        summary: 'A code for data that is not stored (URI alone, or parameters)',
        body: OtpBody,
        response: { 200: Otp },
      },
    },
    async (request) => otpPreview(app.deps, request.body, request.query as Record<string, unknown>),
  );
};
