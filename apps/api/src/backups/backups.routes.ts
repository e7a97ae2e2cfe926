import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { assertRecentlyConfirmed } from '../auth/identity-confirmation.js';
import { sessionPort } from '../auth/session-port.js';
import { Nullable, Password } from '../http/common.schemas.js';
import { runBackup } from './backup-scheduler.js';
import {
  backupSettings,
  downloadBackup,
  downloadBreakGlass,
  listBackups,
  removeBackup,
  setBackupPassword,
  updateBackupSettings,
} from './backups.service.js';

const BackupEntry = Type.Object(
  {
    name: Type.String({ description: 'twofold-backup-YYYYMMDDTHHMMSSZ.json' }),
    size: Type.Integer({ description: 'Bytes' }),
    created_at: Type.String(),
    accounts: Nullable(Type.Integer()),
  },
  {
    title: 'Backup',
    description: 'An encrypted backup (an Aegis vault that only the backup password opens)',
  },
);

const Frequency = Type.Union([Type.Literal('off'), Type.Literal('daily'), Type.Literal('weekly')]);

const BackupSettings = Type.Object({
  password_set: Type.Boolean(),
  frequency: Frequency,
  keep: Type.Integer(),
  break_glass: Type.Boolean({
    description:
      'Each backup run also writes the break-glass file (twofold-break-glass.html) beside the backups',
  }),
  last_run: Nullable(
    Type.Object({
      at: Type.String(),
      status: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
      error: Nullable(Type.String()),
      name: Nullable(Type.String()),
    }),
  ),
});

const BackupSettingsChange = Type.Object({
  frequency: Type.Optional(Frequency),
  keep: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
  break_glass: Type.Optional(Type.Boolean()),
});

const BackupPassword = Type.Object({
  password: Password({ minLength: 8 }),
  current_password: Type.Optional(Password()),
});

const NameParams = Type.Object({ name: Type.String() });

/** The break-glass file, on demand. */
export const breakGlassRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/backups/break-glass',
    {
      // The signed-in user's only, who confirmed who they are (as for an export with notes).
      config: { auth: 'api', scope: 'session' },
      schema: {
        tags: ['backups'],
        operationId: 'downloadBreakGlass',
        summary:
          'Download the break-glass file: every account sealed as a backup, in one HTML page that opens offline with the backup password (a web session must have confirmed its user within 5 minutes, else 403 `identity_confirmation_required`)',
        produces: ['text/html'],
        response: { 200: Type.Unknown({ description: 'The HTML file' }) },
      },
    },
    async (request, reply) => {
      await assertRecentlyConfirmed(request.caller, () => sessionPort(request, reply), app.deps.clock.now());
      const file = await downloadBreakGlass(app.deps, request.locale);
      app.deps.alerts.raise({ kind: 'export', format: 'break-glass' });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );
};

export const backupsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { auth: 'api' } as const;
  const tags = ['backups'];

  app.get(
    '/api/v1/backups/settings',
    {
      config,
      schema: {
        tags,
        operationId: 'getBackupSettings',
        summary: 'Backup settings and last run',
        response: { 200: BackupSettings },
      },
    },
    async () => backupSettings(app.deps),
  );

  app.put(
    '/api/v1/backups/settings',
    {
      config,
      schema: {
        tags,
        operationId: 'updateBackupSettings',
        summary: 'Change the schedule or the number of backups kept',
        body: BackupSettingsChange,
        response: { 200: BackupSettings },
      },
    },
    async (request) => updateBackupSettings(app.deps, request.body),
  );

  app.put(
    '/api/v1/backups/password',
    {
      // The signed-in user's only: a token cannot change what opens the backups.
      config: { ...config, scope: 'session' },
      schema: {
        tags,
        operationId: 'setBackupPassword',
        summary: 'Set the backup password, or change it (then the current one is required)',
        body: BackupPassword,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await setBackupPassword(app.deps, request.body.password, request.body.current_password);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v1/backups',
    {
      config,
      schema: {
        tags,
        operationId: 'listBackups',
        summary: 'The backups, newest first',
        response: { 200: Type.Array(BackupEntry) },
      },
    },
    async () => listBackups(app.deps),
  );

  app.post(
    '/api/v1/backups',
    {
      config,
      schema: {
        tags,
        operationId: 'createBackup',
        summary: 'Back up every account now',
        response: { 201: BackupEntry },
      },
    },
    async (_request, reply) => reply.code(201).send(await runBackup(app.deps)),
  );

  app.get(
    '/api/v1/backups/:name',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadBackup',
        summary: 'Download one backup (an encrypted Aegis vault)',
        params: NameParams,
        produces: ['application/json'],
        response: { 200: Type.Unknown({ description: 'The vault file' }) },
      },
    },
    async (request, reply) => {
      const bytes = await downloadBackup(app.deps, request.params.name);
      return reply
        .header('content-type', 'application/json')
        .header('content-disposition', `attachment; filename="${request.params.name}"`)
        .send(bytes);
    },
  );

  app.delete(
    '/api/v1/backups/:name',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteBackup',
        summary: 'Delete one backup',
        params: NameParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await removeBackup(app.deps, request.params.name);
      return reply.code(204).send(null);
    },
  );
};
