import {
  isVaultError,
  updatedRecords,
  newCopyKeys,
  openCopyKey,
  strengthenedSlots,
  unlockWithPassword,
  withSlots,
  type PasswordSlot,
} from '@twofold/vault';
import { api, isApiError, unwrap } from '../../api/client';
import { serverNow } from '../../api/server-time';
import type { AccountRecovery } from '../data-source';
import { readExtras, type ExtrasRead } from './copy-extras';
import { readUser, type CopyContent } from './copy-content';
import { showCopyIcons } from '../account/icon.api';
import { deleteCopyDatabase, readCopy, updateCopy, writeCopy, type StoredCopy } from './copy-store';
import { recordRefresh, registerDeviceCopy } from './device-copies.api';
import { copyKdf } from './copy-kdf';
import { openLogos, readIconDigests, refreshLogos } from './copy-icons';
import { openOffThread } from './copy-worker';
import type { CopyMeta } from './open-copy';
import { changedAccounts, readChanges, recordsOf, sealChanges, type AccountChanges } from './copy-records';
import { deviceCopyId, markDeviceCopy } from '../../api/client';

export type { CopyContent };

/** Wrong passphrases in a row after which the copy is erased. */
export const MAX_WRONG_PASSPHRASES = 10;

/** The unlocked copy: in this page's memory only. */
let unlocked: { privateKey: CryptoKey; content: CopyContent } | null = null;

export function unlockedContent(): CopyContent | null {
  return unlocked?.content ?? null;
}

/** Drops the key and the content from memory (auto-lock, sign-out, page hidden). */
export function lockCopy(): void {
  unlocked = null;
  showCopyIcons(null);
}

/** Erases the copy from this device. */
export async function eraseCopy(): Promise<void> {
  lockCopy();
  markDeviceCopy(null);
  await deleteCopyDatabase();
}

/**
 * What changed on the server since the copy's revision (every account for a new copy, or one from
 * before the change feed), sealed as records and merged into those the copy holds, and the logos it
 * holds after this refresh.
 */
async function fetchChanges(
  held: Pick<StoredCopy, 'keepsExtras' | 'logos' | 'logosLeftOut' | 'records' | 'revision'>,
  publicKey: JsonWebKey,
  { strictExtras = false } = {},
) {
  const [changes, groups, user, appConfig, settings, iconDigests] = await Promise.all([
    // The list the user knows offline: favourites, tags and recovery-code counts (the feed's
    // accounts carry them); notes and the recovery codes themselves only when the user chose so.
    readChanges(held.records ? held.revision : undefined),
    unwrap(api.GET('/api/v1/groups')),
    readUser(),
    unwrap(api.GET('/app-config')),
    unwrap(api.GET('/api/v1/settings')),
    readIconDigests(),
  ]);
  const meta: CopyMeta = {
    refreshedAt: Date.now(),
    serverOffsetMs: serverNow() - Date.now(),
    groups,
    user,
    appConfig,
    settings,
    iconDigests,
    order: changes.order,
  };
  const extras = held.keepsExtras ? await readExtras(changes.accounts, strictExtras) : null;
  const [records, logos] = await Promise.all([
    sealChanges(publicKey, held.records, meta, changes, extras),
    refreshLogos(held, iconDigests, publicKey),
  ]);
  return { changes, meta, records, logos, extras };
}

/** The opened extras after a refresh (none when the copy does not keep them). */
function extrasAfter(
  held: CopyContent['extras'],
  changes: AccountChanges,
  extras: ExtrasRead | null,
): Record<string, AccountRecovery> | undefined {
  if (!extras) return undefined;
  const keep = new Set(changes.order.map(String));
  const gone = new Set(extras.gone.map(String));
  const unread = new Set(extras.unread.map(String));
  const after: Record<string, AccountRecovery> = {};
  for (const [id, value] of Object.entries(held ?? {})) {
    if (keep.has(id) && !gone.has(id) && (!changes.reset || unread.has(id))) after[id] = value;
  }
  for (const [id, value] of Object.entries(extras.sealed)) if (keep.has(id)) after[id] = value;
  return after;
}

/** The opened content after a refresh: the accounts held in memory with the changes applied. */
function contentAfter(
  held: Pick<CopyContent, 'accounts' | 'extras'>,
  { changes, meta, extras }: { changes: AccountChanges; meta: CopyMeta; extras: ExtrasRead | null },
): CopyContent {
  const { order: _order, ...rest } = meta;
  const kept = extrasAfter(held.extras, changes, extras);
  return { ...rest, accounts: changedAccounts(held.accounts, changes), ...(kept ? { extras: kept } : {}) };
}

/** The content with its logos opened (by icon file), for the offline list. */
async function withIcons(
  privateKey: CryptoKey,
  content: CopyContent,
  logos: StoredCopy['logos'],
): Promise<CopyContent> {
  if (!content.iconDigests) return content; // a copy made before: its logos are in the content
  return { ...content, icons: await openLogos(privateKey, logos, content.iconDigests) };
}

/** Turns the copy on: registered on the server, the key pair made, the content sealed and stored. */
export async function turnOnCopy(name: string, passphrase: string): Promise<void> {
  const record = await registerDeviceCopy(name);
  const keys = await newCopyKeys(passphrase, { kdf: copyKdf });
  const fetched = await fetchChanges({}, keys.publicKey);
  await writeCopy({
    id: record.id,
    publicKey: keys.publicKey,
    keyVault: keys.keyVault,
    records: fetched.records,
    revision: fetched.changes.revision,
    failures: 0,
    logos: fetched.logos.logos,
    logosLeftOut: fetched.logos.leftOut,
  });
  markDeviceCopy(record.id);
  const content = contentAfter({ accounts: [] }, fetched);
  unlocked = {
    privateKey: keys.privateKey,
    content: await withIcons(keys.privateKey, content, fetched.logos.logos),
  };
}

let refreshing: Promise<'refreshed' | 'erased' | 'none'> | null = null;

/**
 * Refreshes the copy from the server's change feed (no passphrase needed: records are sealed to
 * the device's public key, see `@twofold/vault`): only the accounts changed since its revision are
 * fetched and sealed. A revoked copy's refresh is refused: the copy is erased.
 */
export function refreshCopy(): Promise<'refreshed' | 'erased' | 'none'> {
  refreshing ??= (async () => {
    // Read by the offline benchmark (apps/web/bench/offline.bench.ts): its main-thread time.
    const start = performance.mark('twofold:copy-refresh-start');
    const stored = await readCopy();
    if (!stored) {
      if (deviceCopyId()) markDeviceCopy(null);
      return 'none' as const;
    }
    try {
      await recordRefresh(stored.id);
    } catch (error) {
      if (isApiError(error, 404)) {
        await eraseCopy();
        return 'erased' as const;
      }
      throw error;
    }
    const fetched = await fetchChanges(stored, stored.publicKey);
    await updateCopy((copy) => {
      // Another copy, or the extras choice changed meanwhile (that change wrote its own records).
      if (copy.id !== stored.id || copy.keepsExtras !== stored.keepsExtras) return copy;
      const { content: _previousFormat, ...rest } = copy;
      return {
        ...rest,
        records: fetched.records,
        revision: fetched.changes.revision,
        logos: fetched.logos.logos,
        logosLeftOut: fetched.logos.leftOut,
      };
    });
    if (unlocked) {
      const { privateKey } = unlocked;
      const content = contentAfter(unlocked.content, fetched);
      unlocked = { privateKey, content: await withIcons(privateKey, content, fetched.logos.logos) };
    }
    performance.measure('twofold:copy-refresh', { start: start.startTime });
    return 'refreshed' as const;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * The user's choice, on this device, to keep the accounts' notes and recovery codes in the copy.
 * On: every account read again with them, sealed (the server may ask who the user is first:
 * `needsConfirmation`). Off: their records dropped from the stored copy, and from memory.
 */
export async function keepExtrasInCopy(keep: boolean): Promise<void> {
  await refreshing?.catch(() => undefined);
  const stored = await readCopy();
  if (!stored) return;
  if (keep) {
    const { revision: _all, ...held } = stored;
    const fetched = await fetchChanges({ ...held, keepsExtras: true }, stored.publicKey, {
      strictExtras: true,
    });
    await updateCopy((copy) => {
      if (copy.id !== stored.id) return copy;
      const { content: _previousFormat, ...rest } = copy;
      return {
        ...rest,
        keepsExtras: true,
        records: fetched.records,
        revision: fetched.changes.revision,
        logos: fetched.logos.logos,
        logosLeftOut: fetched.logos.leftOut,
      };
    });
    if (unlocked) {
      const { privateKey } = unlocked;
      const content = contentAfter({ accounts: [] }, fetched);
      unlocked = { privateKey, content: await withIcons(privateKey, content, fetched.logos.logos) };
    }
    return;
  }
  await updateCopy((copy) => {
    if (copy.id !== stored.id) return copy;
    const { keepsExtras: _choice, ...rest } = copy;
    if (!rest.records) return rest;
    const { meta, batches, accounts } = rest.records;
    const records = updatedRecords(rest.records, {
      batch: meta.batch,
      ephemeral: batches[meta.batch]!,
      meta,
      accounts: {},
      reset: false,
      keep: Object.keys(accounts),
      extras: null,
    });
    return { ...rest, records };
  });
  if (unlocked) {
    const { extras: _dropped, ...content } = unlocked.content;
    unlocked = { ...unlocked, content };
  }
}

/** Whether this device's copy keeps the notes and recovery codes (false without a copy). */
export async function copyKeepsExtras(): Promise<boolean> {
  return (await readCopy())?.keepsExtras === true;
}

/** Opens the copy with the vault's master key (from any slot); a success resets the wrong-passphrase count. */
export async function openWithMasterKey(stored: StoredCopy, masterKey: Uint8Array): Promise<CopyContent> {
  // Each phase is measured for the offline benchmark (apps/web/bench/offline.bench.ts).
  let start = performance.now();
  const privateKey = await openCopyKey(stored.keyVault, masterKey);
  performance.measure('twofold:copy-key', { start });
  start = performance.now();
  const content = await openOffThread(privateKey, stored);
  performance.measure('twofold:copy-records', { start });
  unlocked = { privateKey, content };
  if (stored.failures !== 0) await updateCopy((copy) => ({ ...copy, failures: 0 }));
  if (!stored.records) void asRecords(stored, content);
  return content;
}

/**
 * A copy from the previous release (its content in one piece) written again as records, at its
 * first unlock; unless a refresh wrote records meanwhile. Failing leaves it as it was.
 */
async function asRecords(stored: StoredCopy, content: CopyContent): Promise<void> {
  try {
    const records = await recordsOf(stored.publicKey, content);
    await updateCopy((copy) => {
      if (copy.id !== stored.id || copy.records) return copy;
      const { content: _previousFormat, ...rest } = copy;
      return { ...rest, records };
    });
  } catch {
    // Read as it is again at the next unlock; its next refresh writes records anyway.
  }
}

export type UnlockResult =
  | { readonly outcome: 'unlocked'; readonly content: CopyContent }
  | { readonly outcome: 'wrong'; readonly left: number }
  | { readonly outcome: 'erased' };

/** Opens the copy with the passphrase; the tenth wrong one in a row erases it. */
export async function unlockWithPassphrase(passphrase: string): Promise<UnlockResult> {
  const stored = await readCopy();
  if (!stored) {
    await eraseCopy();
    return { outcome: 'erased' };
  }
  let masterKey: Uint8Array;
  let opened: PasswordSlot;
  const kdfStart = performance.now();
  try {
    ({ masterKey, slot: opened } = await unlockWithPassword(stored.keyVault.header.slots, passphrase, {
      kdf: copyKdf,
    }));
    // Read by the offline benchmark (apps/web/bench/offline.bench.ts).
    performance.measure('twofold:copy-kdf', { start: kdfStart });
  } catch (error) {
    if (!isVaultError(error, 'wrong_password')) throw error;
    const failures = stored.failures + 1;
    if (failures >= MAX_WRONG_PASSPHRASES) {
      await eraseCopy();
      return { outcome: 'erased' };
    }
    await updateCopy((copy) => ({ ...copy, failures }));
    return { outcome: 'wrong', left: MAX_WRONG_PASSPHRASES - failures };
  }
  const content = await openWithMasterKey(stored, masterKey);
  await strengthen(stored, opened, passphrase, masterKey);
  return { outcome: 'unlocked', content };
}

/** A copy made with a weaker scrypt than today's: its passphrase slot re-made (`strengthenedSlots`). */
async function strengthen(
  stored: StoredCopy,
  opened: PasswordSlot,
  passphrase: string,
  masterKey: Uint8Array,
) {
  const slots = await strengthenedSlots(stored.keyVault.header.slots, opened, passphrase, masterKey, {
    kdf: copyKdf,
  });
  if (!slots) return;
  await updateCopy((copy) => (copy.id === stored.id ? withSlots(copy, slots) : copy));
}
