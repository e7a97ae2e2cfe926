import { createHash } from 'node:crypto';
import { NAME_PATTERN, isBackupName } from '../backup-files.js';

/*
 * One remote destination seen as a flat folder of backup files. Each kind's module is loaded with
 * `import()` when a destination of that kind is first used, so its client library (WebDAV, the AWS
 * S3 client, ssh2) never loads at start. `put` is atomic for a reader: the file appears under its
 * name complete or not at all (S3: one PUT; WebDAV: PUT to `.part` then MOVE; SFTP: put to `.part`
 * then rename), so an upload stopped half-way never shows as a backup.
 */
export interface RemoteStore {
  /** Every file name in the folder (the caller keeps those of our naming). */
  names(): Promise<string[]>;
  put(name: string, data: Buffer): Promise<void>;
  get(name: string): Promise<Buffer>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

export interface WebdavSettings {
  readonly url: string;
  readonly username: string;
}
export interface S3Settings {
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly access_key_id: string;
  readonly force_path_style: boolean;
}
export interface SftpSettings {
  readonly host: string;
  readonly port: number;
  readonly username: string;
  readonly path: string;
}

/** Sealed credentials (any of them, by kind). */
export interface DestinationSecrets {
  readonly password?: string;
  readonly secret_access_key?: string;
  readonly private_key?: string;
  readonly passphrase?: string;
}

export type RemoteKind = 'webdav' | 's3' | 'sftp';

export type RemoteTarget =
  | { kind: 'webdav'; settings: WebdavSettings; secrets: DestinationSecrets }
  | { kind: 's3'; settings: S3Settings; secrets: DestinationSecrets }
  | {
      kind: 'sftp';
      settings: SftpSettings;
      secrets: DestinationSecrets;
      /** The confirmed fingerprint; null accepts any key (the first "Test connection" only). */
      hostKey: string | null;
      /** Called with the key the server presented. */
      sawHostKey?: (fingerprint: string) => void;
    };

/**
 * Why a destination failed, as a code the web app translates (stored and answered as it is). It
 * never holds a credential: library errors are reduced to these.
 */
export const FAILURE_REASONS = [
  'credentials_refused',
  'not_found',
  'http_error',
  'connection_refused',
  'host_not_found',
  'timeout',
  'connection_lost',
  'unreachable',
  'read_back_differs',
  'read_back_unopenable',
  'host_key_unconfirmed',
  'host_key_changed',
  'local_write_failed',
  'unexpected',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const isFailureReason = (value: unknown): value is FailureReason =>
  (FAILURE_REASONS as readonly unknown[]).includes(value);

/** A failure of ours, with its reason code. */
export class DestinationError extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
  }
}

/** OpenSSH's form of a key fingerprint: `SHA256:` and the unpadded base64 of its SHA-256. */
export function fingerprintOf(key: Buffer): string {
  return `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

export async function openStore(target: RemoteTarget): Promise<RemoteStore> {
  switch (target.kind) {
    case 'webdav':
      return (await import('./webdav-store.js')).webdavStore(target.settings, target.secrets);
    case 's3':
      return (await import('./s3-store.js')).s3Store(target.settings, target.secrets);
    case 'sftp':
      return (await import('./sftp-store.js')).sftpStore(target);
  }
}

/** Oldest first, as the local folder sorts them. */
export function ourBackups(names: readonly string[]): string[] {
  const key = (name: string) => {
    const [, stampPart, counter] = NAME_PATTERN.exec(name)!;
    return `${stampPart}-${(counter ?? '0').padStart(3, '0')}`;
  };
  return names.filter(isBackupName).sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * A failure's reason code. Library errors are reduced to their status or code: their messages may
 * quote a URL or a request, which could hold a credential.
 */
export function failureReason(error: unknown): FailureReason {
  if (error instanceof DestinationError) return error.reason;
  const e = error as {
    status?: number;
    code?: string | number;
    name?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e?.status ?? e?.$metadata?.httpStatusCode;
  if (
    status === 401 ||
    status === 403 ||
    e?.name === 'InvalidAccessKeyId' ||
    e?.name === 'SignatureDoesNotMatch'
  )
    return 'credentials_refused';
  if (status === 404 || e?.name === 'NoSuchBucket') return 'not_found';
  if (typeof status === 'number') return 'http_error';
  const code = typeof e?.code === 'string' ? e.code : undefined;
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host_not_found';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code === 'ECONNRESET' || code === 'EPIPE') return 'connection_lost';
  if (code) return 'unreachable';
  return 'unexpected';
}
