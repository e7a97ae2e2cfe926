import { Type, type Static } from '@fastify/type-provider-typebox';
import { Nullable, Timestamp } from '../../http/common.schemas.js';
import { MAX_ID } from '../../db/ids.js';
import { FAILURE_REASONS, type FailureReason } from './remote-store.js';

/*
 * The wire shapes of backup destinations. Credentials are write-only: a destination answers
 * `has_password`, `has_secret_access_key`, `has_private_key`, never the value.
 */

const Text = (maxLength = 255) => Type.String({ maxLength });
const Secret = Type.String({ maxLength: 16_384, description: 'Write-only' });

/** Every field a destination of some kind may take (which are required depends on the kind). */
const fields = {
  label: Type.String({ minLength: 1, maxLength: 255 }),
  enabled: Type.Boolean(),
  keep: Type.Integer({ minimum: 1, maximum: 1000, description: 'Backups kept on this destination' }),
  url: Type.String({ maxLength: 2048, description: 'WebDAV: the folder URL' }),
  username: Text(),
  password: Secret,
  endpoint: Type.String({ maxLength: 2048, description: 'S3: the service URL' }),
  region: Text(64),
  bucket: Text(),
  prefix: Text(),
  access_key_id: Text(),
  secret_access_key: Secret,
  force_path_style: Type.Boolean(),
  host: Text(),
  port: Type.Integer({ minimum: 1, maximum: 65535 }),
  path: Type.String({ maxLength: 1024, description: 'SFTP: the remote folder' }),
  private_key: Secret,
  passphrase: Secret,
};

/** Why a destination failed: a code the client translates (the list in remote-store.ts). */
export const FailureReasonSchema = Type.Unsafe<FailureReason>({
  type: 'string',
  enum: [...FAILURE_REASONS],
  description: 'Why the destination failed, as a code to translate',
});

export const RemoteKindSchema = Type.Union([
  Type.Literal('webdav'),
  Type.Literal('s3'),
  Type.Literal('sftp'),
]);

const optional = Object.fromEntries(
  Object.entries(fields).map(([name, schema]) => [name, Type.Optional(schema)]),
) as { [K in keyof typeof fields]: ReturnType<typeof Type.Optional<(typeof fields)[K]>> };

export const DestinationCreate = Type.Object({ kind: RemoteKindSchema, ...optional });
export type DestinationCreate = Static<typeof DestinationCreate>;

export const DestinationChange = Type.Object(optional);
export type DestinationChange = Static<typeof DestinationChange>;

export const Destination = Type.Object(
  {
    id: Type.Integer(),
    kind: Type.Union([Type.Literal('local'), RemoteKindSchema]),
    label: Type.String(),
    enabled: Type.Boolean(),
    keep: Type.Integer(),
    settings: Type.Object({
      url: Type.Optional(Type.String()),
      username: Type.Optional(Type.String()),
      endpoint: Type.Optional(Type.String()),
      region: Type.Optional(Type.String()),
      bucket: Type.Optional(Type.String()),
      prefix: Type.Optional(Type.String()),
      access_key_id: Type.Optional(Type.String()),
      force_path_style: Type.Optional(Type.Boolean()),
      host: Type.Optional(Type.String()),
      port: Type.Optional(Type.Integer()),
      path: Type.Optional(Type.String()),
    }),
    has_password: Type.Boolean(),
    has_secret_access_key: Type.Boolean(),
    has_private_key: Type.Boolean(),
    host_key: Nullable(Type.String({ description: 'SFTP: the confirmed host key fingerprint (SHA256:...)' })),
    last_success: Nullable(Type.Object({ at: Timestamp, name: Type.String(), size: Type.Integer() })),
    last_failure: Nullable(Type.Object({ at: Timestamp, reason: FailureReasonSchema })),
  },
  { title: 'BackupDestination', description: 'Where backups are written (Twofold addition)' },
);
export type Destination = Static<typeof Destination>;

export const ConnectionTest = Type.Object({
  host_key: Type.Optional(
    Type.String({ maxLength: 128, description: 'SFTP: the fingerprint the user confirms (pins it)' }),
  ),
});

export const ConnectionResult = Type.Object({
  ok: Type.Boolean(),
  reason: Nullable(FailureReasonSchema),
  host_key: Nullable(Type.String({ description: 'SFTP: the key fingerprint the server presented' })),
  host_key_confirmed: Type.Boolean(),
});
export type ConnectionResult = Static<typeof ConnectionResult>;

export const RemoteBackup = Type.Object({
  name: Type.String(),
  created_at: Timestamp,
});

export const DrillRequest = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });

/** An id past the database's integer range is a 422 on `id`, never a query that fails. */
const DestinationId = Type.Integer({ minimum: 1, maximum: MAX_ID });
export const DestinationParams = Type.Object({ id: DestinationId });
export const DestinationBackupParams = Type.Object({ id: DestinationId, name: Type.String() });
