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
