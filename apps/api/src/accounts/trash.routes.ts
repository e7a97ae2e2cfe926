import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import type { RouteApp } from '../http/route-app.js';
import { RequiredIdsQuery, FavoriteBody, TwoFAccount } from './accounts.schemas.js';
import { boundedIds } from '../http/id-lists.js';
import { AccountIdParams } from './account-params.js';
import { showAccount } from './accounts.reads.js';
import { reorderFavorites, writeFavorite } from './favorites.queries.js';
import { OrderedIdsBody, OrderSaved } from '../groups/groups.schemas.js';
import { sameSecretAccounts } from './duplicates.js';
import { DuplicateMatches, DuplicateQuery, TrashChange, TrashedAccount } from './trash.schemas.js';
import { listTrash, purgeTrash, restoreFromTrash } from './trash.service.js';

const config = { auth: 'api' } as const;
const tags = ['trash'];
const accountTags = ['twofaccounts'];

/** Twofold's own account routes: the trash, favourites and the duplicate check. */
export const accountKitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/trash',
    {
      config,
      schema: {
        tags,
        operationId: 'listTrash',
        summary: 'Deleted accounts kept in the trash (newest first), with their purge date',
        response: { 200: Type.Array(TrashedAccount) },
      },
    },
    async () => listTrash(app.deps),
  );

  app.post(
    '/api/v1/trash/restore',
    {
      config,
      schema: {
        tags,
        operationId: 'restoreTrash',
        summary: 'Restore accounts from the trash, exactly as they were (at most 100 ids; others ignored)',
        querystring: RequiredIdsQuery,
        response: { 200: TrashChange },
      },
    },
    async (request) => ({ ids: await restoreFromTrash(app.deps, boundedIds(request.query.ids)) }),
  );

  app.delete(
    '/api/v1/trash',
    {
      config,
      schema: {
        tags,
        operationId: 'purgeTrash',
        summary: 'Delete accounts in the trash for good (at most 100 ids; others ignored)',
        querystring: RequiredIdsQuery,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      await purgeTrash(app.deps, { ids: boundedIds(request.query.ids) });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v1/trash/all',
    {
      config,
      schema: {
        tags,
        operationId: 'emptyTrash',
        summary: 'Empty the trash: every account in it deleted for good',
        response: { 204: Type.Null({ description: 'Emptied' }) },
      },
    },
    async (_request, reply) => {
      await purgeTrash(app.deps, 'all');
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v1/twofaccounts/:id/favorite',
    {
      config,
      schema: {
        tags: accountTags,
        operationId: 'setFavorite',
        summary: 'Star or unstar an account (starred last among the favourites unless `favorite_order`)',
        params: AccountIdParams,
        body: FavoriteBody,
        response: { 200: TwoFAccount },
      },
    },
    async (request) => {
      const { favorite, favorite_order } = request.body;
      if (!(await writeFavorite(app.deps.db, request.params.id, favorite, favorite_order)))
        throw errors.notFound();
      return showAccount(app.deps, request.params.id, {
        withSecret: false,
        withOtp: false,
        withExtras: true,
      });
    },
  );

  favoriteOrderRoute(app);

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

/** The favourites' own order, saved in one request (drag in Manage mode). */
function favoriteOrderRoute(app: RouteApp): void {
  app.post(
    '/api/v1/twofaccounts/favorites/reorder',
    {
      config,
      schema: {
        tags: accountTags,
        operationId: 'reorderFavorites',
        summary:
          "Save the favourites' own order (the listed favourites permute among the places they hold; others ignored)",
        body: OrderedIdsBody,
        response: { 200: OrderSaved },
      },
    },
    async (request) => {
      const orderedIds = await app.deps.db
        .transaction()
        .execute((trx) => reorderFavorites(trx, request.body.orderedIds));
      return { message: 'order saved', orderedIds };
    },
  );
}
