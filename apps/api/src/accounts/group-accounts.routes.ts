import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import { groupExists } from '../groups/groups.queries.js';
import { GroupIdParams } from '../groups/groups.schemas.js';
import { collectionFlags, listAccounts } from './accounts.reads.js';
import { ReadQuery, TwoFAccount } from './accounts.schemas.js';
import { wantsExtras, withExtras } from './account-extras.js';

/** The accounts of one group, read from the accounts' snapshot (the groups know nothing of accounts). */
export const groupAccountsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/groups/:id/twofaccounts',
    {
      config: { auth: 'api', scope: 'codes', scopeOfQuery: { withSecret: 'read' } },
      schema: {
        tags: ['groups'],
        operationId: 'listGroupAccounts',
        summary: "A group's accounts in the manual order (0 = every account)",
        params: GroupIdParams,
        querystring: ReadQuery,
        response: { 200: Type.Array(TwoFAccount) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id !== 0 && !(await groupExists(app.deps.db, id))) throw errors.notFound();
      const flags = collectionFlags(request.query);
      const list = await listAccounts(app.deps, id === 0 ? {} : { groupId: id }, flags);
      return wantsExtras(request.query) ? withExtras(app.deps.db, list, id === 0) : list;
    },
  );
};
