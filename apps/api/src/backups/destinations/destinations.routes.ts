import { Type, type FastifyPluginAsyncTypebox, type Static } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ImportRow } from '../../accounts/accounts.schemas.js';
import { assertRecentlyConfirmed } from '../../auth/identity-confirmation.js';
import { sessionPort } from '../../auth/session-port.js';
import {
  ConnectionResult,
  ConnectionTest,
  Destination,
  DestinationBackupParams,
  DestinationChange,
  DestinationCreate,
  DestinationParams,
  DrillRequest,
  RemoteBackup,
} from './destinations.schemas.js';
import {
  createDestination,
  deleteDestination,
  listDestinations,
  updateDestination,
} from './destinations.service.js';
import { listRemoteBackups, restoreDrill, testConnection } from './remote-backups.js';

/**
 * Backup destinations (Twofold additions). Whatever touches a credential needs the signed-in user;
 * adding, changing, removing a destination or pinning a host key, one who confirmed who they are.
 */
const config = { auth: 'api' } as const;
const session = { auth: 'api', scope: 'session' } as const;
const [tags, base] = [['backups'], '/api/v1/backups/destinations'];

type Instance = Parameters<FastifyPluginAsyncTypebox>[0];

/** Refuses unless the caller's web session confirmed who they are a moment ago. */
const confirmer = (app: Instance) => (request: FastifyRequest, reply: FastifyReply) =>
  assertRecentlyConfirmed(request.caller, () => sessionPort(request, reply), app.deps.clock.now());

export const destinationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const confirmed = confirmer(app);

  app.get(
    base,
    {
      config,
      schema: {
        tags,
        operationId: 'listBackupDestinations',
        summary: 'Where backups are written, with each one’s last success and failure',
        response: { 200: Type.Array(Destination) },
      },
    },
    async () => listDestinations(app.deps),
  );

  app.post(
    base,
    {
      config: session,
      schema: {
        tags,
        operationId: 'createBackupDestination',
        summary:
          'Add a WebDAV, S3 or SFTP destination (a web session must have confirmed its user within 5 minutes, else 403 `identity_confirmation_required`)',
        body: DestinationCreate,
        response: { 201: Destination },
      },
    },
    async (request, reply) => {
      await confirmed(request, reply);
      return reply.code(201).send(await createDestination(app.deps, request.body));
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: session,
      schema: {
        tags,
        operationId: 'updateBackupDestination',
        summary:
          'Change a destination (a credential not given is kept; a web session confirms its user first, as to add one)',
        params: DestinationParams,
        body: DestinationChange,
        response: { 200: Destination },
      },
    },
    async (request, reply) => {
      await confirmed(request, reply);
      return updateDestination(app.deps, request.params.id, request.body);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: session,
      schema: {
        tags,
        operationId: 'deleteBackupDestination',
        summary:
          'Remove a destination (its files stay where they are; a web session confirms its user first, as to add one)',
        params: DestinationParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await confirmed(request, reply);
      await deleteDestination(app.deps, request.params.id);
      return reply.code(204).send(null);
    },
  );

  await remoteRoutes(app, {});
};

/** What reaches into a destination: the connection test, its backups and the restore drill. */
const remoteRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const confirmed = confirmer(app);

  app.post(
    `${base}/:id/test`,
    {
      config: session,
      schema: {
        tags,
        operationId: 'testBackupDestination',
        summary:
          'Connect and list; SFTP: answers the host key, pinned when confirmed (pinning: a web session confirms its user first)',
        params: DestinationParams,
        body: Type.Optional(ConnectionTest),
        response: { 200: ConnectionResult },
      },
    },
    async (request, reply) => {
      // Pinning a host key decides whom backups go to: confirmed as a change.
      if (request.body?.host_key !== undefined) await confirmed(request, reply);
      return testConnection(app.deps, request.params.id, request.body?.host_key);
    },
  );

  app.get(
    `${base}/:id/backups`,
    {
      config: session,
      schema: {
        tags,
        operationId: 'listDestinationBackups',
        summary: 'The backups on a destination, newest first',
        params: DestinationParams,
        response: { 200: Type.Array(RemoteBackup) },
      },
    },
    async (request) => listRemoteBackups(app.deps, request.params.id),
  );

  app.post(
    `${base}/:id/backups/:name/drill`,
    {
      config: session,
      schema: {
        tags,
        operationId: 'drillDestinationBackup',
        summary: 'Restore drill: open one backup of a destination into import rows, saving nothing',
        params: DestinationBackupParams,
        body: DrillRequest,
        response: { 200: Type.Array(ImportRow) },
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const preview = await restoreDrill(app.deps, id, name, request.body.password, request.locale);
      // The rows as the import preview answers them (read-only there, sent as they are).
      return reply.code(200).send(preview.rows as Static<typeof ImportRow>[]);
    },
  );
};
