import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccountIdParams } from '../http/common.schemas.js';
import { accountMustExist } from '../http/account-binding.js';
import { rememberWebsite } from './account-websites.js';

/**
 * "Remember github.com for GitHub": the browser extension learns a website when the user picks an
 * account on a page. The one write a `codes` token may make: it adds a domain to one account's
 * list, and can neither read nor change anything else.
 */
export const accountWebsitesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/twofaccounts/:id/websites',
    {
      config: { auth: 'api', scope: 'codes' },
      preValidation: accountMustExist,
      schema: {
        tags: ['twofaccounts'],
        operationId: 'addAccountWebsite',
        summary:
          "Adds a website to an account's list (stored as its registrable domain; kept once), answers the list (Twofold only)",
        params: AccountIdParams,
        body: Type.Object({ domain: Type.String({ minLength: 1, maxLength: 2048 }) }),
        response: { 200: Type.Object({ websites: Type.Array(Type.String()) }) },
      },
    },
    async (request) => ({
      websites: await rememberWebsite(app.deps.db, request.params.id, request.body.domain),
    }),
  );
};
