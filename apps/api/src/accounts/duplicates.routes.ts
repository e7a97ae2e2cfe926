import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sameSecretAccounts } from './duplicates.js';
import { DuplicateMatches, DuplicateQuery } from './duplicates.schemas.js';

const config = { auth: 'api' } as const;
const accountTags = ['twofaccounts'];

/** The duplicate check before a create: stored accounts with the same type and secret. */
export const duplicatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/twofaccounts/duplicates',
    {
      config,
      schema: {
        tags: accountTags,
        operationId: 'findDuplicates',
        summary: 'Stored accounts with this type and secret (the secret is never answered)',
        body: DuplicateQuery,
        response: { 200: DuplicateMatches },
      },
    },
    async (request) => sameSecretAccounts(app.deps, request.body),
  );
};
