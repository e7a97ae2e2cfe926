import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import type { RouteApp } from '../http/route-app.js';
import { FavoriteBody, TwoFAccount } from './accounts.schemas.js';
import { AccountIdParams } from '../http/common.schemas.js';
import { showAccount } from './accounts.reads.js';
import { reorderFavorites, writeFavorite } from './favorites.queries.js';
import { OrderedIdsBody, OrderSaved } from '../groups/groups.schemas.js';

const config = { auth: 'api' } as const;
const accountTags = ['twofaccounts'];

/** Favourites: star or unstar an account, and the favourites' own order. */
export const favoritesRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
