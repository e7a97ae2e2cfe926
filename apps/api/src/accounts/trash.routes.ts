import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RequiredIdsQuery } from './accounts.schemas.js';
import { boundedIds } from '../http/id-lists.js';
import { TrashChange, TrashedAccount } from './trash.schemas.js';
import { listTrash, purgeTrash, restoreFromTrash } from './trash.service.js';

const config = { auth: 'api' } as const;
const tags = ['trash'];

/** The trash: deleted accounts kept until the daily purge, restored or deleted for good. */
export const trashRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
};
