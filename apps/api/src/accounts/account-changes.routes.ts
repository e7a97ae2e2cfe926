import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { TwoFAccount } from './accounts.schemas.js';
import { accountChanges } from './account-changes.js';
import { alertSecretsRead } from './secret-reads.js';

const ChangesQuery = Type.Object({
  since: Type.Optional(
    Type.String({
      maxLength: 64,
      pattern: '^[0-9a-f]{32}\\.[0-9]{1,20}$',
      description: 'The `revision` of a previous answer; absent: every account',
    }),
  ),
});

const AccountChanges = Type.Object(
  {
    revision: Type.String({ description: 'Give it as `since` next time' }),
    reset: Type.Boolean({
      description: 'true: `accounts` holds every account (no `since`, or one this server cannot serve)',
    }),
    accounts: Type.Array(TwoFAccount, {
      description: 'Accounts written since, with their secrets and extras (every account on a reset)',
    }),
    removed: Type.Array(Type.Integer(), { description: 'Ids deleted or moved to the trash since' }),
    order: Type.Array(Type.Integer(), { description: "Every account's id, in the list's order" }),
  },
  { title: 'AccountChanges' },
);

/** The change feed a device copy refreshes from (Twofold only). */
export const accountChangesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/twofaccounts/changes',
    {
      config: { auth: 'api', scope: 'read' },
      schema: {
        tags: ['twofaccounts'],
        operationId: 'listAccountChanges',
        summary:
          'Accounts changed since a revision, with secrets and extras, the ids removed since and the order (Twofold only; a token raises the export alert, hourly)',
        querystring: ChangesQuery,
        response: { 200: AccountChanges },
      },
    },
    async (request) => {
      const changes = await accountChanges(app.deps, request.query.since);
      alertSecretsRead(app.deps, request.caller, { withSecret: true, withOtp: false, withExtras: true });
      return changes;
    },
  );
};
