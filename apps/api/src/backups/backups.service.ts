import {
  createPasswordSlot,
  decryptVault,
  generateMasterKey,
  isEncrypted,
  openPasswordSlot,
  parseVault,
  sealVault,
  type PasswordSlot,
} from '@twofold/vault';
import type { Deps } from '../shared/deps.js';
import { associatedData, decryptValue, encryptValue } from '../crypto/encryption.js';
import { AppError, errors, message } from '../http/errors.js';
import { exportAegis } from '../import-export/export.service.js';
import { toTimestamp } from '../http/common.schemas.js';
import {
  backupNames,
  freeName,
  readBackup,
  stampDate,
  writeAtomically,
  deleteBackup,
  type WriteOptions,
} from './backup-files.js';
import { breakGlassFile, writeBreakGlass } from './break-glass.js';
import type { Locale } from '../i18n/locales.js';
import { rm } from 'node:fs/promises';
import path from 'node:path';

export type Frequency = 'off' | 'daily' | 'weekly';

export interface BackupEntry {
  readonly name: string;
  readonly size: number;
  readonly created_at: string;
  readonly accounts: number | null;
}

const aad = (column: string) => associatedData('backup_settings', column, 1);

async function settingsRow(deps: Deps) {
  const row = await deps.db.selectFrom('backup_settings').selectAll().where('id', '=', 1).executeTakeFirst();
  if (row) return row;
  await deps.db
    .insertInto('backup_settings')
    .values({ id: 1 })
    .onConflict((c) => c.doNothing())
    .execute();
  return deps.db.selectFrom('backup_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/*
 * The backup vault: Aegis's encrypted format (@twofold/vault) with a vault key (master key) that
 * outlives a single backup. The password slot wraps it when the backup password is set (a new key
 * each time); every backup then encrypts its db with that key under a fresh random nonce, so no
 * scrypt runs per backup.
 */

/** The slot and the master key, decrypted with APP_KEY; undefined when no password is set. */
async function vaultKeys(deps: Deps): Promise<{ slot: PasswordSlot; masterKey: Uint8Array } | undefined> {
  const row = await settingsRow(deps);
  if (row.slot === null || row.master_key === null) return undefined;
  const slot = decryptValue(deps.keys, row.slot, aad('slot'));
  const key = decryptValue(deps.keys, row.master_key, aad('master_key'));
  if (!slot.ok || !key.ok) return undefined;
  return { slot: JSON.parse(slot.value) as PasswordSlot, masterKey: Buffer.from(key.value, 'base64') };
}

export async function backupSettings(deps: Deps) {
  const row = await settingsRow(deps);
  return {
    password_set: row.slot !== null,
    frequency: row.frequency as Frequency,
    keep: row.keep,
    break_glass: row.break_glass,
    last_run: row.last_run_at
      ? {
          at: toTimestamp(row.last_run_at),
          status: row.last_status as 'success' | 'failure',
          error: row.last_error,
          name: row.last_backup,
        }
      : null,
  };
}

export async function updateBackupSettings(
  deps: Deps,
  given: { frequency?: Frequency | null; keep?: number | null; break_glass?: boolean | null },
) {
  await settingsRow(deps);
  // Optional fields sent as null pass validation as "not given": they change nothing.
  const changes = {
    ...(given.frequency == null ? {} : { frequency: given.frequency }),
    ...(given.keep == null ? {} : { keep: given.keep }),
    ...(given.break_glass == null ? {} : { break_glass: given.break_glass }),
  };
  if (Object.keys(changes).length > 0) {
    await deps.db.updateTable('backup_settings').set(changes).where('id', '=', 1).execute();
  }
  if (changes.keep !== undefined) await applyRetention(deps, changes.keep);
  return backupSettings(deps);
}

/**
 * Sets the backup password, or changes it: a change must give the current one. Either way a new
 * random vault key, wrapped by the new password, encrypts the backups that follow: the old
 * password (or the key slot of any earlier file) opens none of them. Backups made before keep
 * the key and password they were made with.
 */
export async function setBackupPassword(
  deps: Deps,
  password: string,
  currentPassword: string | null | undefined,
) {
  const existing = await vaultKeys(deps);
  if (existing) {
    // An empty field reads as null after validation: it is as missing as an absent one.
    if (!currentPassword)
      throw errors.invalidField('current_password', 'validation.required', { attribute: 'current password' });
    if (!(await openPasswordSlot(existing.slot, currentPassword, { kdf: deps.deriveKey })))
      throw errors.invalidField('current_password', 'error.backup_password_wrong');
  }
  const masterKey = generateMasterKey();
  const slot = await createPasswordSlot(password, masterKey, { kdf: deps.deriveKey });
  await settingsRow(deps);
  await deps.db
    .updateTable('backup_settings')
    .set({
      slot: encryptValue(deps.keys.current, JSON.stringify(slot), aad('slot')),
      master_key: encryptValue(
        deps.keys.current,
        Buffer.from(masterKey).toString('base64'),
        aad('master_key'),
      ),
    })
    .where('id', '=', 1)
    .execute();
}

/** How many accounts a backup holds, when the current vault key opens it (else null). */
async function accountsIn(bytes: Buffer, masterKey: Uint8Array): Promise<number | null> {
  try {
    const vault = parseVault(bytes.toString('utf8'));
    if (!isEncrypted(vault)) return null;
    const db = (await decryptVault(vault, masterKey)) as { entries?: unknown } | null;
    return db && Array.isArray(db.entries) ? db.entries.length : null;
  } catch {
    return null;
  }
}

async function entry(
  deps: Deps,
  name: string,
  masterKey: Uint8Array | undefined,
): Promise<BackupEntry | undefined> {
  const file = await readBackup(deps.config.backupDir, name);
  if (!file) return undefined;
  const accounts = masterKey ? await accountsIn(file.bytes, masterKey) : null;
  return { name, size: file.size, created_at: toTimestamp(stampDate(name)), accounts };
}

/** Our backups, newest first. */
export async function listBackups(deps: Deps): Promise<BackupEntry[]> {
  const keys = await vaultKeys(deps);
  const names = (await backupNames(deps.config.backupDir)).reverse();
  const entries = await Promise.all(names.map((name) => entry(deps, name, keys?.masterKey)));
  return entries.filter((value) => value !== undefined);
}

/** Deletes the oldest of our backups beyond `keep`. */
async function applyRetention(deps: Deps, keep: number) {
  const names = await backupNames(deps.config.backupDir);
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    await rm(path.join(deps.config.backupDir, name), { force: true });
  }
}

const noPassword = () => new AppError('conflict', message('error.backup_password_missing'));

/** Makes one backup of every account (with its group and icon), then applies the retention. */
export async function createBackup(deps: Deps, options: WriteOptions = {}): Promise<BackupEntry> {
  return (await makeBackup(deps, options)).entry;
}

/** As `createBackup`, with the written bytes and the vault key (remote copies are checked with them). */
export async function makeBackup(deps: Deps, options: WriteOptions = {}) {
  const keys = await vaultKeys(deps);
  if (!keys) throw noPassword();
  const db = (await exportAegis(deps, undefined)).db as Record<string, unknown>;
  const bytes = Buffer.from(
    JSON.stringify(await sealVault(db, [keys.slot], keys.masterKey), null, 2),
    'utf8',
  );
  const dir = deps.config.backupDir;
  const now = deps.clock.now();
  await backupNames(dir);
  const name = await freeName(dir, now);
  await writeAtomically(dir, name, bytes, options);
  const row = await settingsRow(deps);
  if (row.break_glass) await writeBreakGlass(deps, await breakGlassFile(deps, db, keys, 'en'));
  await applyRetention(deps, row.keep);
  const entries = (db.entries as unknown[] | undefined)?.length ?? 0;
  const entry: BackupEntry = { name, size: bytes.length, created_at: toTimestamp(now), accounts: entries };
  return { entry, sealed: { name, bytes, accounts: entries, masterKey: keys.masterKey } };
}

/** The break-glass file of every account now, for a download (nothing written). */
export async function downloadBreakGlass(deps: Deps, requestLocale: Locale) {
  const keys = await vaultKeys(deps);
  if (!keys) throw noPassword();
  const db = (await exportAegis(deps, undefined)).db as Record<string, unknown>;
  return breakGlassFile(deps, db, keys, requestLocale);
}

export async function downloadBackup(deps: Deps, name: string) {
  const file = await readBackup(deps.config.backupDir, name);
  if (!file) throw errors.notFound();
  return file.bytes;
}

export async function removeBackup(deps: Deps, name: string) {
  if (!(await deleteBackup(deps.config.backupDir, name))) throw errors.notFound();
}

/** Records the outcome of a scheduled or manual run (the error text holds no secret). */
export async function recordRun(deps: Deps, outcome: { name: string } | { error: string }) {
  await settingsRow(deps);
  await deps.db
    .updateTable('backup_settings')
    .set({
      last_run_at: deps.clock.now(),
      last_status: 'name' in outcome ? 'success' : 'failure',
      last_error: 'error' in outcome ? outcome.error : null,
      last_backup: 'name' in outcome ? outcome.name : null,
    })
    .where('id', '=', 1)
    .execute();
}
