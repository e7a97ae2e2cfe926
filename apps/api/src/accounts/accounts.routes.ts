import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfMatches, currentSession } from '../auth/session.js';
import { errors } from '../http/errors.js';
import { OrderedIdsBody, OrderSaved } from '../groups/groups.schemas.js';
import { reorder } from '../groups/groups.queries.js';
import { accountExists, countAccountRows, findAccountRow, MAX_ID } from './accounts.queries.js';
import {
  Count,
  CreateBody,
  ListQuery,
  Otp,
  OtpBody,
  QrCode,
  ReadQuery,
  RequiredIdsQuery,
  TwoFAccount,
  TwoFAccountPreview,
  UpdateBody,
} from './accounts.schemas.js';
import { qrDataUri } from '../qrcode/qrcode.service.js';
import {
  createAccount,
  deleteAccounts,
  previewUri,
  updateAccount,
  withdrawAccounts,
} from './accounts.service.js';
import {
  collectionFlags,
  findView,
  listAccounts,
  listAccountsText,
  showAccount,
  singleFlags,
} from './accounts.reads.js';
import { generatedUri, otpOfAccount, otpPreview } from './account-otp.service.js';
import { invalid } from '../http/field-errors.js';
import { boundedIds, parseIds } from '../http/id-lists.js';

/** Account ids in paths: anything but a known positive integer is a 404. */
const AccountIdParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Account id' }),
});

async function isHotp(app: FastifyInstance, id: number): Promise<boolean> {
  const row = await findAccountRow(app.deps.db, id);
  return row?.otp_type === 'hotp';
}

/** The CSRF check of unsafe requests, applied to a session's HOTP `GET …/otp` (it spends a counter). */
async function requireCsrf(request: FastifyRequest): Promise<void> {
  if (request.caller?.kind !== 'session') return;
  if (!csrfMatches(request, await currentSession(request))) throw errors.csrfMismatch();
}

/** Route-model binding: an unknown account is a 404 before any validation (as in 2FAuth). */
async function accountMustExist(this: unknown, request: FastifyRequest): Promise<void> {
  const raw = (request.params as { id?: unknown }).id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id >= 1 && id <= MAX_ID) || !(await accountExists(request.server.deps.db, id)))
    throw errors.notFound();
}

export const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'api' } as const;
  const tags = ['twofaccounts'];

  app.get(
    '/api/v1/twofaccounts',
    {
      config,
      schema: {
        tags,
        operationId: 'listAccounts',
        summary: 'Accounts in the manual order (`ids` to filter; `withSecret`, `withOtp`)',
        querystring: ListQuery,
        response: { 200: Type.Array(TwoFAccount) },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if ('ids' in query && query.ids === null) throw invalid('ids', 'validation.required');
      const flags = collectionFlags(query);
      if (typeof request.query.ids === 'string')
        return listAccounts(app.deps, { ids: parseIds(request.query.ids) }, flags);
      // The whole list: its serialised text is cached until an account write (accounts.service.ts).
      const text = await listAccountsText(app.deps, flags, (list) => reply.serialize(list) as string);
      // Already serialised by the route's schema: sent as is (a JSON string is not serialised again).
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(text);
    },
  );

  app.get(
    '/api/v1/twofaccounts/count',
    {
      config,
      schema: {
        tags,
        operationId: 'countAccounts',
        summary: 'Number of accounts (v3 `count` and v8 `owned`/`shared`/`total`)',
        response: { 200: Count },
      },
    },
    async () => {
      const count = await countAccountRows(app.deps.db);
      return { count, owned: count, shared: 0, total: count };
    },
  );

  app.get(
    '/api/v1/twofaccounts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getAccount',
        summary: 'One account (secret included unless `withSecret` is falsy)',
        params: AccountIdParams,
        querystring: ReadQuery,
        response: { 200: TwoFAccount },
      },
    },
    async (request) =>
      showAccount(app.deps, request.params.id, singleFlags(request.query as Record<string, unknown>)),
  );

  app.post(
    '/api/v1/twofaccounts',
    {
      config,
      schema: {
        tags,
        operationId: 'createAccount',
        summary: 'Create an account from an otpauth URI or from parameters',
        body: CreateBody,
        querystring: ReadQuery,
        response: { 201: TwoFAccount },
      },
    },
    async (request, reply) => {
      const created = await createAccount(app.deps, request.body);
      const { withSecret } = singleFlags(request.query);
      if (!withSecret) delete (created as { secret?: string }).secret;
      return reply.code(201).send(created);
    },
  );

  app.put(
    '/api/v1/twofaccounts/:id',
    {
      config,
      preValidation: accountMustExist,
      schema: {
        tags,
        operationId: 'updateAccount',
        summary: 'Update an account (parameters only)',
        params: AccountIdParams,
        body: UpdateBody,
        querystring: ReadQuery,
        response: { 200: TwoFAccount },
      },
    },
    async (request) => {
      const updated = await updateAccount(app.deps, request.params.id, request.body);
      const { withSecret } = singleFlags(request.query);
      if (!withSecret) delete (updated as { secret?: string }).secret;
      return updated;
    },
  );

  app.delete(
    '/api/v1/twofaccounts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteAccount',
        summary: 'Delete an account (its icon too, unless another account uses it)',
        params: AccountIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      if (!(await accountExists(app.deps.db, request.params.id))) throw errors.notFound();
      await deleteAccounts(app.deps, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v1/twofaccounts',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteAccounts',
        summary: 'Delete several accounts (at most 100 ids; unknown ids ignored)',
        querystring: RequiredIdsQuery,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      await deleteAccounts(app.deps, boundedIds(request.query.ids));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/v1/twofaccounts/withdraw',
    {
      config,
      schema: {
        tags,
        operationId: 'withdrawAccounts',
        summary: 'Remove accounts from their group (at most 100 ids; any body ignored)',
        querystring: RequiredIdsQuery,
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      await withdrawAccounts(app.deps, boundedIds(request.query.ids));
      return { message: 'accounts withdrawn' };
    },
  );

  app.post(
    '/api/v1/twofaccounts/reorder',
    {
      config,
      schema: {
        tags,
        operationId: 'reorderAccounts',
        summary: 'Save the manual order (the listed accounts permute among the positions they hold)',
        body: OrderedIdsBody,
        response: { 200: OrderSaved },
      },
    },
    async (request) => {
      const orderedIds = await app.deps.db
        .transaction()
        .execute((trx) => reorder(trx, 'twofaccounts', request.body.orderedIds));
      return { message: 'order saved', orderedIds };
    },
  );

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
      config,
      schema: {
        tags,
        operationId: 'getAccountOtp',
        summary: 'The current code of an account (HOTP: consumes the counter)',
        params: AccountIdParams,
        response: { 200: Otp },
      },
    },
    async (request) => {
      // HEAD never consumes a HOTP counter; a session-authenticated GET needs the CSRF header (amendment 10).
      const head = request.method === 'HEAD';
      if (!head && request.caller?.kind === 'session' && (await isHotp(app, request.params.id))) {
        await requireCsrf(request);
      }
      return otpOfAccount(app.deps, request.params.id, { consume: !head });
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
      config,
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
