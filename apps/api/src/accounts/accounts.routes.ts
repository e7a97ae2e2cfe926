import type { FastifyReply } from 'fastify';
import type { RouteApp } from '../http/route-app.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import { callerHasScope } from '../http/token-scopes.js';
import { AccountIdParams, IdList } from '../http/common.schemas.js';
import { OrderedIdsBody, OrderSaved } from '../groups/groups.schemas.js';
import { reorder } from '../groups/groups.queries.js';
import { invalid } from '../http/field-errors.js';
import { boundedIds, parseIds } from '../http/id-lists.js';
import { sendKeptJson } from '../http/compression.js';
import { accountExists, countAccountRows } from './accounts.queries.js';
import {
  Count,
  CreateBody,
  IdempotencyHeaders,
  ListQuery,
  ReadQuery,
  RequiredIdsQuery,
  TwoFAccount,
  UpdateBody,
} from './accounts.schemas.js';
import { createAccount, deleteAccounts, updateAccount, withdrawAccounts } from './accounts.service.js';
import {
  collectionFlags,
  listAccounts,
  listAccountsText,
  listedCodes,
  listPage,
  showAccount,
  singleFlags,
  type ReadFlags,
} from './accounts.reads.js';
import type { AccountRead } from './accounts.mapper.js';
import { accountMustExist } from '../http/account-binding.js';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from './idempotency.js';
import { wantsExtras, withExtras, withOneExtras } from './account-extras.js';
import { logCodes } from '../code-log/code-log.writer.js';
import { alertSecretsRead } from './secret-reads.js';
import { AccountPage, PageQuery } from './account-pages.schemas.js';
import { requestedPage } from './account-pages.js';

/** The code log's entries of accounts read with `withOtp`: those that carry a code. */
const codesOf = (
  reads: readonly { id: number; otp_type: string; otp?: unknown; service: string | null; account: string }[],
) =>
  reads.flatMap((read) =>
    read.otp === undefined
      ? []
      : [
          {
            accountId: read.id,
            otpType: read.otp_type,
            counter: null,
            service: read.service,
            account: read.account,
          },
        ],
  );

const config = { auth: 'api' } as const;
/** Reads open to `codes` tokens: never a secret for them (`withSecret` needs `read`). */
const codesConfig = { auth: 'api', scope: 'codes', scopeOfQuery: { withSecret: 'read' } } as const;
const tags = ['twofaccounts'];
/** The whole list's answer (serialised on its own: the route's schema is the union with a page). */
const AccountList = Type.Array(TwoFAccount);
type Loose = Record<string, unknown>;
/** The whole list serialised by its own schema (compiled once): no union to try first. */
const serializeList = (reply: FastifyReply, list: AccountRead[]): string =>
  reply.serializeInput(list as unknown as Loose, AccountList as unknown as Loose);

/** The accounts themselves: list, count, read, create, edit, delete, withdraw from groups, reorder. */
export const accountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  readRoutes(app);
  writeRoutes(app);
  bulkRoutes(app);
};

/** Reading: the list, the count and one account. */
function readRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/twofaccounts',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'listAccounts',
        summary:
          'Accounts in the manual order (`ids` to filter; `withSecret`, `withOtp`; `page[number]`/`page[size]` for one page in Laravel’s paginator envelope, as 2FAuth paginates); `withSecret` by a token raises the export alert (hourly)',
        querystring: Type.Object({ ...ListQuery.properties, ...PageQuery.properties }),
        response: { 200: Type.Union([AccountList, AccountPage]) },
      },
    },
    async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      if ('ids' in query && query.ids === null) throw invalid('ids', 'validation.required');
      const flags = collectionFlags(query);
      const extras = wantsExtras(query);
      const ids = typeof request.query.ids === 'string' ? parseIds(request.query.ids) : undefined;
      if (ids) {
        const list = await listAccounts(app.deps, { ids }, flags);
        alertSecretsRead(app.deps, request.caller, flags);
        if (flags.withOtp) logCodes(app.deps, request, codesOf(list));
        return extras ? withExtras(app.deps.db, list, false) : list;
      }
      const page = requestedPage(query);
      if (page) {
        const path = `${app.deps.config.APP_URL.replace(/\/+$/, '')}/api/v1/twofaccounts`;
        const answer = await listPage(app.deps, flags, page, { path, query });
        alertSecretsRead(app.deps, request.caller, flags);
        if (flags.withOtp) logCodes(app.deps, request, codesOf(answer.data));
        return answer;
      }
      // The whole list: its serialised text (extras included) is cached until a write to the
      // accounts, their tags, notes or recovery codes (cache/invalidate-on-write.ts).
      const kept = await listAccountsText(app.deps, flags, (list) => serializeList(reply, list));
      alertSecretsRead(app.deps, request.caller, flags);
      if (flags.withOtp) logCodes(app.deps, request, await listedCodes(app.deps));
      // Already serialised by the route's schema: sent as is (a JSON string is not serialised again).
      return sendKeptJson(request, reply, kept);
    },
  );

  app.get(
    '/api/v1/twofaccounts/count',
    {
      config: codesConfig,
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
      config: codesConfig,
      schema: {
        tags,
        operationId: 'getAccount',
        summary:
          'One account (secret included unless `withSecret` is falsy or the caller is a `codes` token; with it, a token raises the export alert, hourly)',
        params: AccountIdParams,
        querystring: ReadQuery,
        response: { 200: TwoFAccount },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      // A `codes` token reads the account as `withSecret=0` would (asking for the secret is a 403).
      const flags = singleFlags(query, callerHasScope(request.caller, 'read'));
      const read = await showAccount(app.deps, request.params.id, flags);
      alertSecretsRead(app.deps, request.caller, flags);
      if (flags.withOtp) logCodes(app.deps, request, codesOf([read]));
      return wantsExtras(query) ? await withOneExtras(app.deps.db, read) : read;
    },
  );
}

/** A write's answer without the secret or Twofold's own fields when the query does not ask for them. */
function askedFields(read: AccountRead, flags: ReadFlags): AccountRead {
  const answer: Partial<AccountRead> = { ...read };
  if (!flags.withSecret) delete answer.secret;
  if (!flags.withExtras) {
    delete answer.favorite;
    delete answer.favorite_order;
  }
  return answer as AccountRead;
}

/** Creating, editing and deleting accounts. */
function writeRoutes(app: RouteApp): void {
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
        headers: IdempotencyHeaders,
        response: { 201: TwoFAccount },
      },
    },
    async (request, reply) => {
      const { body, caller } = request;
      const idem = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER], caller, body);
      const created = await createAccount(app.deps, body, idem);
      const answer = askedFields(created, singleFlags(request.query));
      if (wantsExtras(request.query)) return reply.code(201).send(await withOneExtras(app.deps.db, answer));
      return reply.code(201).send(answer);
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
      const answer = askedFields(updated, singleFlags(request.query));
      return wantsExtras(request.query) ? await withOneExtras(app.deps.db, answer) : answer;
    },
  );

  app.delete(
    '/api/v1/twofaccounts/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteAccount',
        summary:
          'Delete an account: to the trash when `trashRetentionDays` > 0, else for good (its icon too, unless another account uses it)',
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
        summary: 'Delete several accounts, to the trash as above (at most 100 ids; unknown ids ignored)',
        querystring: RequiredIdsQuery,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      await deleteAccounts(app.deps, boundedIds(request.query.ids));
      return reply.code(204).send(null);
    },
  );
}

/** `ids` of the withdraw route, in its query string or its body. */
const WithdrawIds = Type.Object({ ids: Type.Optional(IdList) });

/** Acting on several accounts: withdraw from groups and reorder. */
function bulkRoutes(app: RouteApp): void {
  app.patch(
    '/api/v1/twofaccounts/withdraw',
    {
      config,
      schema: {
        tags,
        operationId: 'withdrawAccounts',
        summary:
          'Remove accounts from their group (at most 100 ids, from the query or the JSON body; other body keys ignored)',
        querystring: WithdrawIds,
        body: Type.Object({ ids: Type.Optional(IdList) }, { 'x-optional-body': true }),
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => {
      // As Laravel's input(): the query string's ids, else the JSON (or form) body's.
      const ids = request.query.ids ?? request.body?.ids;
      if (typeof ids !== 'string') throw invalid('ids', 'validation.required');
      await withdrawAccounts(app.deps, boundedIds(ids));
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
}
