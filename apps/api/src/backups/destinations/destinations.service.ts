import type { Selectable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../shared/deps.js';
import { associatedData, decryptValue, encryptValue } from '../../crypto/encryption.js';
import { errors, type FieldError } from '../../http/errors.js';
import { message } from '../../http/errors.js';
import { toTimestamp } from '../../http/common.schemas.js';
import type { Destination, DestinationChange, DestinationCreate } from './destinations.schemas.js';
import {
  isFailureReason,
  type DestinationSecrets,
  type FailureReason,
  type RemoteKind,
  type RemoteTarget,
} from './remote-store.js';

/*
 * Backup destinations: the local folder (one row, always there) and any number of WebDAV, S3 and
 * SFTP ones. Credentials are sealed with APP_KEY (bound to the row) and never answered.
 */

export type DestinationRow = Selectable<DB['backup_destinations']>;

const SETTING_NAMES = {
  webdav: ['url', 'username'],
  s3: ['endpoint', 'region', 'bucket', 'prefix', 'access_key_id', 'force_path_style'],
  sftp: ['host', 'port', 'username', 'path'],
} as const;
const SECRET_NAMES = {
  webdav: ['password'],
  s3: ['secret_access_key'],
  sftp: ['password', 'private_key', 'passphrase'],
} as const;
const DEFAULTS: Record<RemoteKind, Record<string, unknown>> = {
  webdav: { username: '' },
  s3: { region: 'us-east-1', prefix: '', force_path_style: false },
  sftp: { port: 22, path: '.' },
};
const REQUIRED: Record<RemoteKind, readonly string[]> = {
  webdav: ['url'],
  s3: ['endpoint', 'bucket', 'access_key_id', 'secret_access_key'],
  sftp: ['host', 'username'],
};

const aad = (id: number) => associatedData('backup_destinations', 'secrets', id);

function pick(source: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.filter((n) => source[n] !== undefined).map((n) => [n, source[n]]));
}

function secretsOf(deps: Deps, row: DestinationRow): DestinationSecrets {
  if (row.secrets === null) return {};
  const opened = decryptValue(deps.keys, row.secrets, aad(row.id));
  return opened.ok ? (JSON.parse(opened.value) as DestinationSecrets) : {};
}

const isHttpUrl = (value: unknown) => {
  try {
    return ['http:', 'https:'].includes(new URL(String(value)).protocol);
  } catch {
    return false;
  }
};

/** The field errors of a destination's merged settings and secrets (none: it is complete). */
function check(kind: RemoteKind, values: Record<string, unknown>): FieldError[] {
  const problems: FieldError[] = [];
  for (const name of REQUIRED[kind])
    if (values[name] === undefined || values[name] === '')
      problems.push({
        field: name,
        message: message('validation.required', { attribute: name.replace(/_/g, ' ') }),
      });
  if (kind === 'sftp' && !values.password && !values.private_key)
    problems.push({ field: 'password', message: message('validation.required', { attribute: 'password' }) });
  for (const name of ['url', 'endpoint'])
    if (values[name] && !isHttpUrl(values[name]))
      problems.push({ field: name, message: message('validation.url', { attribute: name }) });
  return problems;
}

/** Every destination, the local folder first (its row is made again if it went missing). */
export async function destinationRows(deps: Deps): Promise<DestinationRow[]> {
  const rows = await deps.db.selectFrom('backup_destinations').selectAll().orderBy('id').execute();
  if (rows.some((row) => row.kind === 'local')) return rows;
  await deps.db
    .insertInto('backup_destinations')
    .values({ kind: 'local', label: 'BACKUP_DIR' })
    .onConflict((c) => c.column('kind').where('kind', '=', 'local').doNothing())
    .execute();
  return deps.db.selectFrom('backup_destinations').selectAll().orderBy('id').execute();
}

export async function destinationRow(deps: Deps, id: number): Promise<DestinationRow> {
  const row = await deps.db
    .selectFrom('backup_destinations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw errors.notFound();
  return row;
}

export function remoteRow(row: DestinationRow): row is DestinationRow & { kind: RemoteKind } {
  return row.kind !== 'local';
}

async function view(deps: Deps, row: DestinationRow): Promise<Destination> {
  const secrets = secretsOf(deps, row);
  const keep =
    row.kind === 'local'
      ? ((await deps.db.selectFrom('backup_settings').select('keep').executeTakeFirst())?.keep ?? 14)
      : row.keep;
  return {
    id: row.id,
    kind: row.kind as Destination['kind'],
    label: row.label,
    enabled: row.enabled,
    keep,
    settings: JSON.parse(row.settings) as Destination['settings'],
    has_password: Boolean(secrets.password),
    has_secret_access_key: Boolean(secrets.secret_access_key),
    has_private_key: Boolean(secrets.private_key),
    host_key: row.host_key,
    last_success:
      row.last_success_at && row.last_success_name
        ? {
            at: toTimestamp(row.last_success_at),
            name: row.last_success_name,
            size: row.last_success_size ?? 0,
          }
        : null,
    last_failure:
      row.last_failure_at && row.last_failure_reason
        ? {
            at: toTimestamp(row.last_failure_at),
            // A reason stored before reasons were codes reads as unexpected.
            reason: isFailureReason(row.last_failure_reason) ? row.last_failure_reason : 'unexpected',
          }
        : null,
  };
}

export async function listDestinations(deps: Deps): Promise<Destination[]> {
  return Promise.all((await destinationRows(deps)).map((row) => view(deps, row)));
}

export async function createDestination(deps: Deps, input: DestinationCreate): Promise<Destination> {
  const kind = input.kind;
  const values = { ...DEFAULTS[kind], ...(input as Record<string, unknown>) };
  const problems = check(kind, values);
  if (problems.length > 0) throw errors.validation(problems);
  const { id } = await deps.db
    .insertInto('backup_destinations')
    .values({
      kind,
      label: input.label ?? kind,
      enabled: input.enabled ?? true,
      keep: input.keep ?? 14,
      settings: JSON.stringify(pick(values, SETTING_NAMES[kind])),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const secrets = JSON.stringify(pick(values, SECRET_NAMES[kind]));
  await deps.db
    .updateTable('backup_destinations')
    .set({ secrets: encryptValue(deps.keys.current, secrets, aad(id)) })
    .where('id', '=', id)
    .execute();
  return view(deps, await destinationRow(deps, id));
}

/** Changes what is given; a credential not given is kept. A changed SFTP host forgets its key. */
export async function updateDestination(deps: Deps, id: number, change: DestinationChange) {
  const row = await destinationRow(deps, id);
  const given = change as Record<string, unknown>;
  // The local folder is set in the backup settings (its retention is their `keep`).
  if (!remoteRow(row)) throw errors.invalidField('kind', 'validation.in', { attribute: 'kind' });
  const kind = row.kind;
  const settings = {
    ...(JSON.parse(row.settings) as Record<string, unknown>),
    ...pick(given, SETTING_NAMES[kind]),
  };
  const secrets = { ...secretsOf(deps, row), ...pick(given, SECRET_NAMES[kind]) } as Record<string, unknown>;
  const problems = check(kind, { ...settings, ...secrets });
  if (problems.length > 0) throw errors.validation(problems);
  const previous = JSON.parse(row.settings) as Record<string, unknown>;
  const moved = kind === 'sftp' && (settings.host !== previous.host || settings.port !== previous.port);
  await deps.db
    .updateTable('backup_destinations')
    .set({
      ...(change.label === undefined ? {} : { label: change.label }),
      ...(change.enabled === undefined ? {} : { enabled: change.enabled }),
      ...(change.keep === undefined ? {} : { keep: change.keep }),
      settings: JSON.stringify(settings),
      secrets: encryptValue(deps.keys.current, JSON.stringify(secrets), aad(id)),
      ...(moved ? { host_key: null } : {}),
    })
    .where('id', '=', id)
    .execute();
  return view(deps, await destinationRow(deps, id));
}

export async function deleteDestination(deps: Deps, id: number) {
  const row = await destinationRow(deps, id);
  if (!remoteRow(row)) throw errors.invalidField('kind', 'validation.in', { attribute: 'kind' });
  await deps.db.deleteFrom('backup_destinations').where('id', '=', id).execute();
}

/** What the store needs to reach a remote destination. */
export function targetOf(
  deps: Deps,
  row: DestinationRow & { kind: RemoteKind },
  sawHostKey?: (fingerprint: string) => void,
): RemoteTarget {
  const settings = JSON.parse(row.settings) as never;
  const secrets = secretsOf(deps, row);
  if (row.kind === 'sftp')
    return { kind: 'sftp', settings, secrets, hostKey: row.host_key, ...(sawHostKey ? { sawHostKey } : {}) };
  return { kind: row.kind, settings, secrets };
}

export async function recordOutcome(
  deps: Deps,
  id: number,
  outcome: { name: string; size: number } | { reason: FailureReason },
) {
  const now = deps.clock.now();
  await deps.db
    .updateTable('backup_destinations')
    .set(
      'reason' in outcome
        ? { last_failure_at: now, last_failure_reason: outcome.reason }
        : { last_success_at: now, last_success_name: outcome.name, last_success_size: outcome.size },
    )
    .where('id', '=', id)
    .execute();
}

/** The local folder's status line follows every run. */
export async function recordLocalOutcome(
  deps: Deps,
  outcome: { name: string; size: number } | { reason: FailureReason },
) {
  const local = (await destinationRows(deps)).find((row) => row.kind === 'local');
  if (local) await recordOutcome(deps, local.id, outcome);
}
