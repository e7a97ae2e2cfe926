import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertRecentlyConfirmed } from '../auth/identity-confirmation.js';
import { sessionPort } from '../auth/session-port.js';
import { AccountIdParams } from '../http/common.schemas.js';
import {
  AccountRecovery,
  CodeParams,
  CodeUsedBody,
  RecoveryBody,
  RecoveryWritten,
} from './extras.schemas.js';
import { markRecoveryCode, revealRecovery, writeRecovery } from './extras.service.js';

const config = { auth: 'api' } as const;
const tags = ['twofaccounts'];

/**
 * The extras revealed one account at a time (Twofold only): its note and recovery codes, never in
 * lists. The others (tags, websites, the favourite) travel with the account (`withExtras`).
 */
export const extrasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/twofaccounts/:id/recovery',
    {
      config,
      schema: {
        tags,
        operationId: 'revealAccountRecovery',
        summary:
          "Reveal an account's note and recovery codes (a web session must have confirmed its user within 5 minutes: else 403 `identity_confirmation_required`)",
        params: AccountIdParams,
        response: { 200: AccountRecovery },
      },
    },
    async (request, reply) => {
      await assertRecentlyConfirmed(request.caller, () => sessionPort(request, reply), app.deps.clock.now());
      return revealRecovery(app.deps, request.params.id);
    },
  );

  app.put(
    '/api/v1/twofaccounts/:id/recovery',
    {
      config,
      schema: {
        tags,
        operationId: 'writeAccountRecovery',
        summary: "Replace an account's note and/or recovery codes (answers counts only)",
        params: AccountIdParams,
        body: RecoveryBody,
        response: { 200: RecoveryWritten },
      },
    },
    async (request) => writeRecovery(app.deps, request.params.id, request.body),
  );

  app.patch(
    '/api/v1/twofaccounts/:id/recovery-codes/:codeId',
    {
      config,
      schema: {
        tags,
        operationId: 'markRecoveryCode',
        summary: 'Mark one recovery code used (dated now) or unused',
        params: CodeParams,
        body: CodeUsedBody,
        response: {
          200: Type.Object({
            id: Type.Integer(),
            used_at: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time' }),
          }),
        },
      },
    },
    async (request) =>
      markRecoveryCode(app.deps, request.params.id, request.params.codeId, request.body.used),
  );
};
