import { createHash } from 'node:crypto';
import { decryptVault, isEncrypted, parseVault } from '@twofold/vault';
import type { Deps } from '../../shared/deps.js';
import { errors } from '../../http/errors.js';
import { toTimestamp } from '../../http/common.schemas.js';
import type { Locale } from '../../i18n/locales.js';
import { isBackupName, stampDate } from '../backup-files.js';
import { previewImport } from '../../import-export/import.service.js';
import {
  destinationRow,
  destinationRows,
  recordOutcome,
  remoteRow,
  targetOf,
  type DestinationRow,
} from './destinations.service.js';
import type { ConnectionResult } from './destinations.schemas.js';
import {
  DestinationError,
  openStore,
  ourBackups,
  failureReason,
  type RemoteKind,
  type RemoteStore,
} from './remote-store.js';

/** One backup as written locally: what every remote destination receives and is checked against. */
export interface SealedBackup {
  readonly name: string;
  readonly bytes: Buffer;
  readonly accounts: number;
  readonly masterKey: Uint8Array;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Reads the file back: same SHA-256, opens with the vault key, same number of accounts. */
async function verify(store: RemoteStore, backup: SealedBackup) {
  const back = await store.get(backup.name);
  if (sha256(back) !== sha256(backup.bytes)) throw new DestinationError('read_back_differs');
  let count: number | undefined;
  try {
    const vault = parseVault(back.toString('utf8'));
    const db = isEncrypted(vault)
      ? ((await decryptVault(vault, backup.masterKey)) as { entries?: unknown })
      : null;
    count = db && Array.isArray(db.entries) ? db.entries.length : undefined;
  } catch {
    count = undefined;
  }
  if (count !== backup.accounts) throw new DestinationError('read_back_unopenable');
}

async function withStore<T>(
  deps: Deps,
  row: DestinationRow & { kind: RemoteKind },
  work: (store: RemoteStore) => Promise<T>,
): Promise<T> {
  const store = await openStore(targetOf(deps, row));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

async function uploadTo(deps: Deps, row: DestinationRow & { kind: RemoteKind }, backup: SealedBackup) {
  if (row.kind === 'sftp' && row.host_key === null) throw new DestinationError('host_key_unconfirmed');
  await withStore(deps, row, async (store) => {
    await store.put(backup.name, backup.bytes);
    try {
      await verify(store, backup);
    } catch (error) {
      // A copy that does not check out is not a backup: it goes, so retention never counts it.
      await store.remove(backup.name).catch(() => undefined);
      throw error;
    }
    const names = ourBackups(await store.names());
    for (const name of names.slice(0, Math.max(0, names.length - row.keep))) await store.remove(name);
  });
}

/**
 * Writes a backup to every enabled remote destination, one after the other; a failing one does
 * not stop the others. Each outcome is recorded on its destination. The number that failed.
 */
export async function uploadEverywhere(deps: Deps, backup: SealedBackup): Promise<number> {
  let failed = 0;
  for (const row of await destinationRows(deps)) {
    if (!remoteRow(row) || !row.enabled) continue;
    try {
      await uploadTo(deps, row, backup);
      await recordOutcome(deps, row.id, { name: backup.name, size: backup.bytes.length });
    } catch (error) {
      failed++;
      const reason = failureReason(error);
      deps.log.error({ destination: row.id, kind: row.kind, reason }, 'remote backup failed');
      await recordOutcome(deps, row.id, { reason }).catch(() => undefined);
    }
  }
  return failed;
}

async function remote(deps: Deps, id: number) {
  const row = await destinationRow(deps, id);
  if (!remoteRow(row)) throw errors.invalidField('kind', 'validation.in', { attribute: 'kind' });
  return row;
}

/**
 * Connects and lists the folder. SFTP without a confirmed key answers the key the server
 * presented. `confirm` pins a key: the first one, or, deliberately, another one a server now
 * presents (a reinstalled server); the connection then accepts that key only.
 */
export async function testConnection(deps: Deps, id: number, confirm?: string): Promise<ConnectionResult> {
  const row = await remote(deps, id);
  let seen: string | null = null;
  const target = targetOf(deps, row, (fingerprint) => (seen = fingerprint));
  const pinning = target.kind === 'sftp' && confirm !== undefined;
  try {
    const store = await openStore(pinning ? { ...target, hostKey: confirm } : target);
    try {
      await store.names();
    } finally {
      await store.close();
    }
  } catch (error) {
    const reason = failureReason(error);
    // Before any key is confirmed, a key other than the one typed is simply the one to compare.
    const unpinned = row.host_key === null && reason === 'host_key_changed';
    return {
      ok: false,
      reason: unpinned ? null : reason,
      host_key: seen,
      host_key_confirmed: row.host_key !== null,
    };
  }
  if (row.kind === 'sftp' && row.host_key === null && !pinning)
    return { ok: false, reason: null, host_key: seen, host_key_confirmed: false };
  if (pinning)
    await deps.db.updateTable('backup_destinations').set({ host_key: seen }).where('id', '=', id).execute();
  return { ok: true, reason: null, host_key: seen, host_key_confirmed: row.kind === 'sftp' };
}

async function reach<T>(deps: Deps, id: number, work: (store: RemoteStore) => Promise<T>): Promise<T> {
  const row = await remote(deps, id);
  try {
    return await withStore(deps, row, work);
  } catch (error) {
    throw errors.badRequest([failureReason(error)]);
  }
}

/** The destination's backups (complete files of our naming only), newest first. */
export async function listRemoteBackups(deps: Deps, id: number) {
  const names = await reach(deps, id, (store) => store.names());
  return ourBackups(names)
    .reverse()
    .map((name) => ({ name, created_at: toTimestamp(stampDate(name)) }));
}

/** Restore drill: reads one backup from the destination into the import preview; saves nothing. */
export async function restoreDrill(deps: Deps, id: number, name: string, password: string, locale: Locale) {
  if (!isBackupName(name)) throw errors.notFound();
  const bytes = await reach(deps, id, (store) => store.get(name));
  return previewImport(deps, bytes, { password, withSecret: false, locale });
}
