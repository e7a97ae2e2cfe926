import type { RouteApp } from '../http/route-app.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { MAX_ID } from '../db/ids.js';
import { invalid } from '../http/field-errors.js';
import { errors } from '../http/errors.js';
import { translate } from '../i18n/translate.js';
import type { Locale } from '../i18n/locales.js';
import {
  assignAccounts,
  countAllAccounts,
  deleteGroup,
  findGroup,
  groupExists,
  groupNameTaken,
  insertGroup,
  listGroups,
  reorder,
  updateGroup,
  type GroupRow,
} from './groups.queries.js';
import { AssignBody, Group, GroupBody, GroupIdParams, OrderedIdsBody, OrderSaved } from './groups.schemas.js';
import { uniqueViolation } from '../db/driver-errors.js';

/**
 * Two requests creating the same name at once both pass the `groupNameTaken` check; the unique
 * index stops the second one, which gets the same 422 as a sequential duplicate.
 */
function nameTakenMeanwhile(error: unknown): never {
  if (uniqueViolation(error) === 'groups_name_lower_idx') throw invalid('name', 'validation.unique');
  throw error;
}

/** The pseudo group 0 "All": every account, name in the caller's language. */
async function pseudoGroup(db: Parameters<typeof countAllAccounts>[0], locale: Locale) {
  return {
    id: 0,
    name: translate(locale, 'group.all'),
    show_in_chips: null,
    twofaccounts_count: await countAllAccounts(db),
  };
}

const toGroup = (row: GroupRow) => ({
  id: row.id,
  name: row.name,
  show_in_chips: row.show_in_chips,
  twofaccounts_count: row.twofaccounts_count,
});

/** Before validation (as 2FAuth's policies and route binding): 403 for group 0, 404 for an unknown group. */
async function modifiableGroup(request: FastifyRequest): Promise<void> {
  const raw = (request.params as { id?: unknown }).id;
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) throw errors.notFound();
  const id = Number(raw);
  if (id === 0) throw errors.forbiddenGroup();
  if (id > MAX_ID || !(await groupExists(request.server.deps.db, id))) throw errors.notFound();
}

const config = { auth: 'api' } as const;
/** What a code-reading client (a `codes` token) needs to show its list. */
const codesConfig = { auth: 'api', scope: 'codes' } as const;
const tags = ['groups'];

export const groupsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  collectionRoutes(app);
  editRoutes(app);
  membershipRoutes(app);
};

/** The list of groups, creating one and reading one. */
function collectionRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/groups',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'listGroups',
        summary: 'The pseudo group "All" (id 0), then the groups in their manual order',
        response: { 200: Type.Array(Group) },
      },
    },
    async (request) => [
      await pseudoGroup(app.deps.db, request.locale),
      ...(await listGroups(app.deps.db)).map(toGroup),
    ],
  );

  app.post(
    '/api/v1/groups',
    {
      config,
      schema: {
        tags,
        operationId: 'createGroup',
        summary: 'Create a group',
        body: GroupBody,
        response: { 201: Group },
      },
    },
    async (request, reply) => {
      const { name, show_in_chips } = request.body;
      if (await groupNameTaken(app.deps.db, name)) throw invalid('name', 'validation.unique');
      const id = await insertGroup(app.deps.db, name, show_in_chips ?? false, app.deps.clock.now()).catch(
        nameTakenMeanwhile,
      );
      return reply.code(201).send(toGroup((await findGroup(app.deps.db, id))!));
    },
  );

  app.get(
    '/api/v1/groups/:id',
    {
      config: codesConfig,
      schema: {
        tags,
        operationId: 'getGroup',
        summary: 'One group (0 = the pseudo group)',
        params: GroupIdParams,
        response: { 200: Group },
      },
    },
    async (request) => {
      if (request.params.id === 0) return pseudoGroup(app.deps.db, request.locale);
      const group = await findGroup(app.deps.db, request.params.id);
      if (!group) throw errors.notFound();
      return toGroup(group);
    },
  );
}

/** Editing and deleting a group. */
function editRoutes(app: RouteApp): void {
  app.put(
    '/api/v1/groups/:id',
    {
      config,
      preValidation: modifiableGroup,
      schema: {
        tags,
        operationId: 'updateGroup',
        summary: 'Rename a group (show_in_chips absent, null or empty = unchanged)',
        params: GroupIdParams,
        body: GroupBody,
        response: { 200: Group },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, show_in_chips } = request.body;
      if (await groupNameTaken(app.deps.db, name, id)) throw invalid('name', 'validation.unique');
      await updateGroup(
        app.deps.db,
        id,
        { name, ...(show_in_chips === undefined ? {} : { show_in_chips }) },
        app.deps.clock.now(),
      ).catch(nameTakenMeanwhile);
      return toGroup((await findGroup(app.deps.db, id))!);
    },
  );

  app.delete(
    '/api/v1/groups/:id',
    {
      config,
      preValidation: modifiableGroup,
      schema: {
        tags,
        operationId: 'deleteGroup',
        summary: 'Delete a group (its accounts are kept; default/active group reset to 0)',
        params: GroupIdParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      const deleted = await app.deps.db
        .transaction()
        .execute((trx) => deleteGroup(trx, request.params.id, app.deps.clock.now()));
      if (!deleted) throw errors.notFound();
      return reply.code(204).send(null);
    },
  );
}

/** The accounts of a group: assigning them, and the manual order of groups. */
function membershipRoutes(app: RouteApp): void {
  app.post(
    '/api/v1/groups/:id/assign',
    {
      config,
      preValidation: modifiableGroup,
      schema: {
        tags,
        operationId: 'assignAccounts',
        summary: 'Move accounts into a group (unknown ids ignored)',
        params: GroupIdParams,
        body: AssignBody,
        response: { 200: Group },
      },
    },
    async (request) => {
      await assignAccounts(app.deps.db, request.params.id, request.body.ids);
      const group = await findGroup(app.deps.db, request.params.id);
      if (!group) throw errors.notFound();
      return toGroup(group);
    },
  );

  app.post(
    '/api/v1/groups/reorder',
    {
      config,
      schema: {
        tags,
        operationId: 'reorderGroups',
        summary: 'Save the manual order of the groups',
        body: OrderedIdsBody,
        response: { 200: OrderSaved },
      },
    },
    async (request) => {
      const orderedIds = await app.deps.db
        .transaction()
        .execute((trx) => reorder(trx, 'groups', request.body.orderedIds));
      return { message: 'order saved', orderedIds };
    },
  );
}
