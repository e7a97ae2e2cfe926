import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountIdParams, isTruthy } from '../http/common.schemas.js';
import { accountMustExist } from '../http/account-binding.js';
import { LogWindowQuery } from '../auth-log/auth-log.schemas.js';
import { logWindow } from '../auth-log/log-window.js';
import { AccountUsageMap, OtpLog, RecentCodeLog, ViewedCodes } from './code-log.schemas.js';
import { codeLogOf, recentCodeLog } from './code-log.service.js';
import { accountUsage, recordViews, usageWindow } from './code-usage.js';

/** The code log of an account, as 2FAuth's `otp-logs` route answers it. */
export const codeLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/twofaccounts/:id/otp-logs',
    {
      config: { auth: 'api' },
      preValidation: accountMustExist,
      schema: {
        tags: ['twofaccounts'],
        operationId: 'getAccountOtpLogs',
        summary:
          'Codes the server computed for the account, oldest first: when, from where, by a session or a token (never the code). `period` (months) and `limit` as 2FAuth; `withSource=1` adds `source` and `token_name`; `withCount=1` lists each stored row (one requester, one minute) once with its `count`, and `limit` counts rows',
        params: AccountIdParams,
        querystring: Type.Intersect([
          LogWindowQuery,
          Type.Object({
            withSource: Type.Optional(Type.Unknown()),
            withCount: Type.Optional(Type.Unknown()),
          }),
        ]),
        response: { 200: Type.Array(OtpLog) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      return codeLogOf(app.deps, request.params.id, logWindow(query), {
        withSource: isTruthy(query.withSource),
        withCount: isTruthy(query.withCount),
      });
    },
  );

  app.get(
    '/api/v1/otp-logs',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['twofaccounts'],
        operationId: 'getCodeLog',
        summary:
          'Twofold only: the newest rows of the whole code log (accounts deleted since included, with the names they had), how it is kept, and what waits in memory',
        querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })) }),
        response: { 200: RecentCodeLog },
      },
    },
    async (request) => recentCodeLog(app.deps, request.query.limit ?? 100),
  );

  app.post(
    '/api/v1/otp-logs/viewed',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags: ['twofaccounts'],
        operationId: 'reportViewedCodes',
        summary:
          'Twofold only: codes the app computed itself (from a secret it holds) and showed, by account id, never the code; counted for the sort by use as the code log counts (one row per requester, account and minute). Ids of accounts not stored are skipped',
        body: ViewedCodes,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await recordViews(app.deps, request, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/otp-logs/usage',
    {
      config: { auth: 'api' },
      schema: {
        tags: ['twofaccounts'],
        operationId: 'getAccountUsage',
        summary:
          'Twofold only: for each account read within the last `days` days (the `usageDays` preference by default), its last read and its codes read, from the code log and the viewed codes, by account id',
        querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })) }),
        response: { 200: AccountUsageMap },
      },
    },
    async (request) => accountUsage(app.deps, await usageWindow(app.deps, request.query.days)),
  );
};
