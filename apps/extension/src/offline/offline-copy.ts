// The extension's offline copy: the accounts kept on this browser so that codes still fill while
// the server cannot be reached. It is the `@twofold/vault` device-copy format (the web app's): the
// accounts are records sealed to the copy's P-256 public key, whose private key sits in an Aegis key
// vault behind the passphrase (scrypt, `COPY_SCRYPT`) and, if the user added one, a passkey's raw
// slot (offline-passkey.ts). `storage.local` holds only that sealed copy;
// once unlocked, the key vault's master key lives in `storage.session` (memory only, gone when the
// browser closes) and is dropped after the user's idle time. Ten wrong passphrases in a row erase
// the copy, as in the web app.
// The copy's own `read` token rides in its sealed metadata: an unlock gives it back to the
// background after a browser restart; it is never stored in the clear.
import {
  isVaultError,
  newCopyKeys,
  newRecordSealer,
  openCopyKey,
  recordOpener,
  toBase64,
  fromBase64,
  unlockWithPassword,
  updatedRecords,
  type DeviceCopy,
  type SealedRecord,
} from '@twofold/vault';
import { canComputeInBrowser, favoritesFirst, nativeSettings, webTotpCodes } from '@twofold/otp/browser';
import type { StorageArea } from '../lib/sealed.js';

/** Wrong passphrases in a row after which the copy is erased (the web app's rule). */
export const MAX_WRONG_PASSPHRASES = 10;

const COPY = 'offlineCopy';
const UNLOCKED = 'offlineUnlocked';
/** When the copy was last written from the server (not a secret, so readable while locked). */
const REFRESHED = 'offlineRefreshedAt';

/** A new copy's keys: its public key, and its private key in a key vault behind the passphrase. */
export type CopyKeys = Pick<Awaited<ReturnType<typeof newCopyKeys>>, 'publicKey' | 'keyVault'>;

/** One account as the copy keeps it: what a code needs, and what the popup and the site match show. */
export interface OfflineAccount {
  readonly id: number;
  readonly service: string;
  readonly account: string | null;
  readonly otp_type: string;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly favorite?: boolean;
  readonly favorite_order?: number | null;
  readonly websites: readonly string[];
}

/** Everything but the accounts: their order, when it was refreshed, and the idle time that locks it. */
interface OfflineMeta {
  readonly order: readonly number[];
  readonly refreshedAt: number;
  /** Minutes without use after which the unlocked copy locks (the user's `kickUserAfter`); 0 or less: never. */
  readonly lockAfterMinutes: number;
  /** The copy's own token of the `read` scope, which refreshes it. */
  readonly readToken?: string;
}

interface UnlockedState {
  /** The key vault's master key (base64), in `storage.session` only. */
  readonly masterKey: string;
  readonly lockAfterMinutes: number;
  readonly lastUse: number;
}

export type UnlockOutcome =
  { outcome: 'unlocked' } | { outcome: 'wrong'; left: number } | { outcome: 'erased' } | { outcome: 'none' };

/** The stored copy, or null when this browser keeps none. */
export async function readCopy(local: StorageArea): Promise<DeviceCopy | null> {
  const stored = (await local.get(COPY))[COPY];
  return stored && typeof stored === 'object' ? (stored as DeviceCopy) : null;
}

/** Erases the copy and its unlocked key (turned off, revoked on the server, too many wrong passphrases). */
export async function eraseCopy(local: StorageArea, session: StorageArea): Promise<void> {
  await local.remove(COPY);
  await local.remove(REFRESHED);
  await session.remove(UNLOCKED);
}

/** Drops the unlocked key: the copy stays, sealed. */
export async function lockCopy(session: StorageArea): Promise<void> {
  await session.remove(UNLOCKED);
}

/** The accounts as records sealed in one batch, merged into those held (every record replaced). */
async function sealAccounts(
  publicKey: JsonWebKey,
  held: DeviceCopy['records'],
  accounts: readonly OfflineAccount[],
  lockAfterMinutes: number,
  readToken: string | undefined,
): Promise<NonNullable<DeviceCopy['records']>> {
  const sealer = await newRecordSealer(publicKey);
  const ordered = favoritesFirst(accounts);
  const meta: OfflineMeta = {
    order: ordered.map((a) => a.id),
    refreshedAt: Date.now(),
    lockAfterMinutes,
    ...(readToken ? { readToken } : {}),
  };
  const sealed: Record<string, SealedRecord> = {};
  for (const account of ordered) sealed[String(account.id)] = await sealer.seal(account);
  return updatedRecords(held, {
    batch: sealer.batch,
    ephemeral: sealer.ephemeral,
    meta: await sealer.seal(meta),
    accounts: sealed,
    reset: true,
    keep: meta.order,
  });
}

/**
 * Turns the copy on: a new key pair and key vault under `passphrase`, the accounts sealed and
 * stored under `id` (the device copy the server registered, so Settings lists and revokes it).
 */
export async function createCopy(
  local: StorageArea,
  id: string,
  passphrase: string,
  accounts: readonly OfflineAccount[],
  lockAfterMinutes: number = nativeSettings.kickUserAfter.default,
): Promise<void> {
  await createCopyWithKeys(local, id, await newCopyKeys(passphrase), accounts, lockAfterMinutes);
}

/**
 * The same with keys made before (`newCopyKeys` when the passphrase was chosen: the passphrase
 * itself is not kept while the server's approval is awaited), and the copy's `read` token.
 */
export async function createCopyWithKeys(
  local: StorageArea,
  id: string,
  keys: CopyKeys,
  accounts: readonly OfflineAccount[],
  lockAfterMinutes: number = nativeSettings.kickUserAfter.default,
  readToken?: string,
): Promise<void> {
  const records = await sealAccounts(keys.publicKey, undefined, accounts, lockAfterMinutes, readToken);
  const copy: DeviceCopy = { id, publicKey: keys.publicKey, keyVault: keys.keyVault, records, failures: 0 };
  await local.set({ [COPY]: copy, [REFRESHED]: Date.now() });
}

/** When the copy was last written from the server (ms), or null when this browser keeps none. */
export async function refreshedAt(local: StorageArea): Promise<number | null> {
  if (!(await readCopy(local))) return null;
  const at = (await local.get(REFRESHED))[REFRESHED];
  return typeof at === 'number' ? at : null;
}

/** Refreshes the copy from the server's accounts: written with the public key, no passphrase needed. */
export async function refreshCopy(
  local: StorageArea,
  accounts: readonly OfflineAccount[],
  lockAfterMinutes: number = nativeSettings.kickUserAfter.default,
  readToken?: string,
): Promise<boolean> {
  const copy = await readCopy(local);
  if (!copy) return false;
  const records = await sealAccounts(copy.publicKey, copy.records, accounts, lockAfterMinutes, readToken);
  // The latest copy's key slots and passkeys (one may have been added meanwhile), these records.
  if (!(await writeCopy(local, (latest) => ({ ...latest, records })))) return false;
  await local.set({ [REFRESHED]: Date.now() });
  return true;
}

/** Opens the copy's records with the key vault's master key. */
async function openRecords(
  copy: DeviceCopy,
  masterKey: Uint8Array,
): Promise<{ meta: OfflineMeta; accounts: OfflineAccount[] }> {
  const privateKey = await openCopyKey(copy.keyVault, masterKey);
  if (!copy.records) return { meta: { order: [], refreshedAt: 0, lockAfterMinutes: 0 }, accounts: [] };
  const open = recordOpener(privateKey, copy.records.batches);
  const meta = (await open(copy.records.meta)) as OfflineMeta;
  const accounts: OfflineAccount[] = [];
  for (const id of meta.order) {
    const record = copy.records.accounts[String(id)];
    if (record) accounts.push((await open(record)) as OfflineAccount);
  }
  return { meta, accounts };
}

/** Unlocks the copy with its passphrase; a wrong one counts, the tenth in a row erases the copy. */
export async function unlockCopy(
  local: StorageArea,
  session: StorageArea,
  passphrase: string,
  now: number = Date.now(),
): Promise<UnlockOutcome> {
  return (await unlockCopyForToken(local, session, passphrase, now)).outcome;
}

/** What an unlock gives the background: its outcome, and the copy's `read` token once unlocked. */
export interface UnlockResult {
  readonly outcome: UnlockOutcome;
  readonly readToken?: string;
}

/** `unlockCopy`, and the copy's `read` token from its sealed metadata (for the background only). */
export async function unlockCopyForToken(
  local: StorageArea,
  session: StorageArea,
  passphrase: string,
  now: number = Date.now(),
): Promise<UnlockResult> {
  const opened = await openWithPassphrase(local, session, passphrase);
  if ('outcome' in opened) return { outcome: opened };
  return unlockWithMasterKey(local, session, opened.copy, opened.masterKey, now);
}

/**
 * The key vault's master key from the passphrase, or the outcome of a wrong one: each counts, the
 * tenth in a row erases the copy. A right one does not reset the count (the caller's write does).
 */
export async function openWithPassphrase(
  local: StorageArea,
  session: StorageArea,
  passphrase: string,
): Promise<{ copy: DeviceCopy; masterKey: Uint8Array } | Exclude<UnlockOutcome, { outcome: 'unlocked' }>> {
  const copy = await readCopy(local);
  if (!copy) return { outcome: 'none' };
  try {
    return { copy, masterKey: (await unlockWithPassword(copy.keyVault.header.slots, passphrase)).masterKey };
  } catch (error) {
    if (!isVaultError(error, 'wrong_password')) throw error;
    // Counted on the copy as it is now, not as it was read before scrypt: another unlock may have
    // counted meanwhile, and a refresh may have written new records (which stay).
    let failures = copy.failures;
    const counted = await writeCopy(local, (latest) => {
      // Turned off and on again meanwhile: another copy, with a count of its own.
      if (latest.id !== copy.id) return latest;
      failures = latest.failures + 1;
      return { ...latest, failures };
    });
    if (!counted) return { outcome: 'none' };
    if (failures >= MAX_WRONG_PASSPHRASES) {
      await eraseCopy(local, session);
      return { outcome: 'erased' };
    }
    return { outcome: 'wrong', left: MAX_WRONG_PASSPHRASES - failures };
  }
}

/**
 * Unlocks the copy with its key vault's master key, however it was opened (passphrase or passkey):
 * the count of wrong passphrases starts again, the master key goes to `storage.session`.
 */
export async function unlockWithMasterKey(
  local: StorageArea,
  session: StorageArea,
  copy: DeviceCopy,
  masterKey: Uint8Array,
  now: number = Date.now(),
): Promise<UnlockResult> {
  const { meta } = await openRecords(copy, masterKey);
  if (copy.failures !== 0) await writeCopy(local, (latest) => ({ ...latest, failures: 0 }));
  const state: UnlockedState = {
    masterKey: toBase64(masterKey),
    lockAfterMinutes: meta.lockAfterMinutes,
    lastUse: now,
  };
  await session.set({ [UNLOCKED]: state });
  return { outcome: { outcome: 'unlocked' }, ...(meta.readToken ? { readToken: meta.readToken } : {}) };
}

/**
 * Rewrites the stored copy (if any) from its latest version, read just before the write: a refresh
 * and a change of its key slots may overlap while either awaits its crypto.
 */
export function writeCopy(local: StorageArea, change: (copy: DeviceCopy) => DeviceCopy): Promise<boolean> {
  return oneAtATime(local, async () => {
    const copy = await readCopy(local);
    if (!copy) return false;
    await local.set({ [COPY]: change(copy) });
    return true;
  });
}

/** The writes queued on each storage area: a read and its write are never split by another's. */
const queues = new WeakMap<StorageArea, Promise<unknown>>();

function oneAtATime<T>(local: StorageArea, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(local) ?? Promise.resolve()).then(task, task);
  queues.set(
    local,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * The unlocked copy's accounts, favourites first, or null when it is locked (never unlocked, the
 * browser restarted, or idle longer than the user's lock time, which locks it now). A use restarts
 * the idle time.
 */
export async function unlockedAccounts(
  local: StorageArea,
  session: StorageArea,
  now: number = Date.now(),
): Promise<OfflineAccount[] | null> {
  const state = (await session.get(UNLOCKED))[UNLOCKED] as UnlockedState | undefined;
  const copy = await readCopy(local);
  if (!state || !copy) return null;
  if (state.lockAfterMinutes > 0 && now - state.lastUse > state.lockAfterMinutes * 60_000) {
    await lockCopy(session);
    return null;
  }
  const masterKey = fromBase64(state.masterKey);
  if (!masterKey) return null;
  const { accounts } = await openRecords(copy, masterKey);
  await session.set({ [UNLOCKED]: { ...state, lastUse: now } satisfies UnlockedState });
  return accounts;
}

export type OfflineCode =
  | { password: string; period: number; step: number }
  /** HOTP: its counter lives on the server and cannot move offline, so no code is given. */
  | { error: 'hotp-offline' }
  | { error: 'unsupported' };

/** An account's code from the copy, at `nowSeconds`. */
export async function offlineCode(account: OfflineAccount, nowSeconds: number): Promise<OfflineCode> {
  if (account.otp_type === 'hotp') return { error: 'hotp-offline' };
  if (!canComputeInBrowser(account)) return { error: 'unsupported' };
  const codes = await webTotpCodes(account, nowSeconds);
  return codes
    ? { password: codes.password, period: codes.period, step: codes.step }
    : { error: 'unsupported' };
}
