import type { RouteApp } from '../http/route-app.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import { findTag, listTags } from './tags.queries.js';
import { Tag, TagAccountsBody, TagBody, TagIdParams } from './tags.schemas.js';
import { createTag, removeTag, renameTagTo, tagAccounts } from './tags.service.js';

const config = { auth: 'api' } as const;
/** What a code-reading client (a `codes` token) needs to show its list. */
const codesConfig = { auth: 'api', scope: 'codes' } as const;
const tags = ['tags'];

/** Twofold's tags (2FAuth has none): list, create, rename, delete, and tag or untag accounts. */
export const tagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  collectionRoutes(app);
  membershipRoutes(app);
};

function collectionRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/tags',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'listTags',
        summary: 'Every tag, by name, with its number of accounts',
        response: { 200: Type.Array(Tag) },
      },
    },
    async () => listTags(app.deps.db),
  );

  app.post(
    '/api/v1/tags',
    {
      config,
      schema: {
        tags,
        operationId: 'createTag',
        summary: 'Create a tag (name trimmed, 1 to 64 characters, unique whatever its case)',
        body: TagBody,
        response: { 201: Tag },
      },
    },
    async (request, reply) => reply.code(201).send(await createTag(app.deps, request.body.name)),
  );

  app.get(
    '/api/v1/tags/:id',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'getTag',
        summary: 'One tag',
        params: TagIdParams,
        response: { 200: Tag },
      },
    },
    async (request) => {
      const tag = await findTag(app.deps.db, request.params.id);
      if (!tag) throw errors.notFound();
      return tag;
    },
  );

  app.put(
    '/api/v1/tags/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'renameTag',
        summary: 'Rename a tag',
        params: TagIdParams,
        body: TagBody,
        response: { 200: Tag },
      },
    },
    async (request) => renameTagTo(app.deps, request.params.id, request.body.name),
  );

  app.delete(
    '/api/v1/tags/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteTag',
        summary: 'Delete a tag (the accounts stay, without it)',
        params: TagIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      await removeTag(app.deps, request.params.id);
      return reply.code(204).send(null);
    },
  );
}

function membershipRoutes(app: RouteApp): void {
  for (const [action, verb] of [
    ['add', 'assign'],
    ['remove', 'withdraw'],
  ] as const) {
    app.post(
      `/api/v1/tags/:id/${verb}`,
      {
        config,
        schema: {
          tags,
          operationId: action === 'add' ? 'tagAccounts' : 'untagAccounts',
          summary:
            action === 'add'
              ? 'Put the tag on accounts (at most 100 ids; unknown ids ignored)'
              : 'Take the tag off accounts (at most 100 ids; unknown ids ignored)',
          params: TagIdParams,
          body: TagAccountsBody,
          response: { 200: Tag },
        },
      },
      async (request) => tagAccounts(app.deps, request.params.id, request.body.ids, action),
    );
  }
}
