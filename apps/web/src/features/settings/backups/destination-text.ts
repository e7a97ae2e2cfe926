import type { TFunction } from 'i18next';
import type { BackupDestination, DestinationFailure } from '../../../entities/backup/backup.api';

/** Where a destination writes, in one line: the WebDAV folder, the S3 bucket, the SFTP account. */
export function whereOf(destination: BackupDestination): string {
  const s = destination.settings;
  if (destination.kind === 'webdav') return s.url ?? '';
  if (destination.kind === 's3') {
    const host = hostOf(s.endpoint ?? '');
    return `${host}/${s.bucket ?? ''}${s.prefix ? `/${s.prefix}` : ''}`;
  }
  if (destination.kind === 'sftp')
    return `${s.username ?? ''}@${s.host ?? ''}:${s.port ?? 22} ${s.path ?? ''}`;
  return '';
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The failure is the newest outcome: the destination is failing now. */
export function isFailing(destination: BackupDestination): boolean {
  const { last_failure: failure, last_success: success } = destination;
  return failure !== null && (success === null || Date.parse(failure.at) >= Date.parse(success.at));
}

/** A failure code in words; an unknown one reads as unexpected. */
export function reasonText(t: TFunction<'settings'>, reason: string | null | undefined) {
  return t(`backups.destinations.reasons.${(reason ?? 'unexpected') as DestinationFailure}`, {
    defaultValue: t('backups.destinations.reasons.unexpected'),
  });
}

/** The reason code a destination's 400 carries (`reason: ["timeout"]`), if any. */
export function reasonOfError(reason: unknown): string | undefined {
  if (Array.isArray(reason) && typeof reason[0] === 'string') return reason[0];
  return undefined;
}
