import { queryOptions } from '@tanstack/react-query';
import type { BodyOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';

/** Encrypted backups kept by the server, newest first. */
export const backupsQuery = queryOptions({
  queryKey: ['backups'],
  queryFn: () => unwrap(api.GET('/api/v1/backups')),
  staleTime: 0,
});

/** The schedule, the number kept, whether a password is set, and the last run. */
export const backupSettingsQuery = queryOptions({
  queryKey: ['backups', 'settings'],
  queryFn: () => unwrap(api.GET('/api/v1/backups/settings')),
  staleTime: 0,
});

export type BackupSettingsChange = BodyOf<'/api/v1/backups/settings', 'put'>;
export type BackupPasswordBody = BodyOf<'/api/v1/backups/password', 'put'>;

export const updateBackupSettings = (body: BackupSettingsChange) =>
  unwrap(api.PUT('/api/v1/backups/settings', { body }));

export const setBackupPassword = (body: BackupPasswordBody) =>
  unwrap(api.PUT('/api/v1/backups/password', { body }));

/** Backs up now; a 409 when no backup password is set. */
export const backUpNow = () => unwrap(api.POST('/api/v1/backups'));

/** The file's text: an encrypted Aegis vault. */
export const downloadBackup = (name: string) =>
  unwrap(api.GET('/api/v1/backups/{name}', { params: { path: { name } }, parseAs: 'text' }));

export const deleteBackup = (name: string) =>
  unwrap(api.DELETE('/api/v1/backups/{name}', { params: { path: { name } } }));

/**
 * The break-glass file's text (HTML: every account sealed as a backup, with its offline viewer).
 * A web session confirms who it is first: a 403 `identity_confirmation_required` otherwise.
 */
export const downloadBreakGlass = () => unwrap(api.GET('/api/v1/backups/break-glass', { parseAs: 'text' }));

/** Where backups are written: the local folder first, then each WebDAV, S3 or SFTP destination. */
export const destinationsQuery = queryOptions({
  queryKey: ['backups', 'destinations'],
  queryFn: () => unwrap(api.GET('/api/v1/backups/destinations')),
  staleTime: 0,
});

export type BackupDestination = Awaited<ReturnType<NonNullable<typeof destinationsQuery.queryFn>>>[number];
export type DestinationCreate = BodyOf<'/api/v1/backups/destinations', 'post'>;
export type DestinationChange = BodyOf<'/api/v1/backups/destinations/{id}', 'patch'>;
export type DestinationFailure = NonNullable<BackupDestination['last_failure']>['reason'];

/** Adding, changing or removing one: a web session confirms who it is first (a 403 otherwise). */
export const createDestination = (body: DestinationCreate) =>
  unwrap(api.POST('/api/v1/backups/destinations', { body }));

export const updateDestination = (id: number, body: DestinationChange) =>
  unwrap(api.PATCH('/api/v1/backups/destinations/{id}', { params: { path: { id } }, body }));

export const deleteDestination = (id: number) =>
  unwrap(api.DELETE('/api/v1/backups/destinations/{id}', { params: { path: { id } } }));

/** Connects and lists; SFTP answers the host key, pinned when `hostKey` equals it. */
export const testDestination = (id: number, hostKey?: string) =>
  unwrap(
    api.POST('/api/v1/backups/destinations/{id}/test', {
      params: { path: { id } },
      body: hostKey === undefined ? {} : { host_key: hostKey },
    }),
  );

export const destinationBackups = (id: number) =>
  unwrap(api.GET('/api/v1/backups/destinations/{id}/backups', { params: { path: { id } } }));

/** Restore drill: the rows one backup holds, read from the destination; nothing is saved. */
export const drillDestinationBackup = (id: number, name: string, password: string) =>
  unwrap(
    api.POST('/api/v1/backups/destinations/{id}/backups/{name}/drill', {
      params: { path: { id, name } },
      body: { password },
    }),
  );
