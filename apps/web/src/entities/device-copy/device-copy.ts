import { wholeList, type ResponseOf } from '@twofold/contract';
import {
  createPasswordSlot,
  decryptVault,
  generateMasterKey,
  isVaultError,
  sealVault,
  unlockWithPassword,
  type PasswordSlot,
} from '@twofold/vault';
import { api, isApiError, unwrap } from '../../api/client';
import { serverNow } from '../../api/server-time';
import type { Account, Group } from '../data-source';
import { showCopyIcons } from '../account/icon.api';
import { COPY_SCRYPT, strengthenedSlots } from './copy-kdf';
import { importPrivateKey, newDeviceKeys, openContent, sealContent } from './copy-crypto';
import { deleteCopyDatabase, readCopy, updateCopy, writeCopy, type StoredCopy } from './copy-store';
import { recordRefresh, registerDeviceCopy } from './device-copies.api';
import { deviceCopyId, markDeviceCopy, setOfflineCopyTime } from '../../api/client';

const readUser = () => unwrap(api.GET('/api/v1/user'));

/** What the copy holds, all of it inside the encryption. */
export interface CopyContent {
  readonly refreshedAt: number;
  /** The server's clock minus the device's at the refresh: codes follow the server's time. */
  readonly serverOffsetMs: number;
  readonly accounts: Account[];
  readonly groups: Group[];
  readonly user: Awaited<ReturnType<typeof readUser>>;
  readonly appConfig: ResponseOf<'/app-config', 'get'>;
  readonly settings: ResponseOf<'/api/v1/settings', 'get'>;
  /** Logos as data URLs by icon file (absent in copies made before logos were kept). */
  readonly icons?: Readonly<Record<string, string>>;
}

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
  setOfflineCopyTime(null);
}

/** Erases the copy from this device. */
export async function eraseCopy(): Promise<void> {
  lockCopy();
  markDeviceCopy(null);
  await deleteCopyDatabase();
}

async function fetchContent(): Promise<CopyContent> {
  const [accounts, groups, user, appConfig, settings] = await Promise.all([
    unwrap(api.GET('/api/v1/twofaccounts', { params: { query: { withSecret: '1' } } })).then(wholeList),
    unwrap(api.GET('/api/v1/groups')),
    readUser(),
    unwrap(api.GET('/app-config')),
    unwrap(api.GET('/api/v1/settings')),
  ]);
  // Loaded when a copy is refreshed, not on the first visit.
  const { copyIcons } = await import('./copy-icons');
  const icons = await copyIcons(accounts.map((account) => account.icon));
  return {
    refreshedAt: Date.now(),
    serverOffsetMs: serverNow() - Date.now(),
    accounts,
    groups,
    user,
    appConfig,
    settings,
    icons,
  };
}

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function unbase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Turns the copy on: registered on the server, the key pair made, the content sealed and stored. */
export async function turnOnCopy(name: string, passphrase: string): Promise<void> {
  const record = await registerDeviceCopy(name);
  const keys = await newDeviceKeys();
  const masterKey = generateMasterKey();
  const slot = await createPasswordSlot(passphrase, masterKey, { params: COPY_SCRYPT });
  const keyVault = await sealVault({ privateKey: base64(keys.privateKey) }, [slot], masterKey);
  const content = await fetchContent();
  await writeCopy({
    id: record.id,
    publicKey: keys.publicKey,
    keyVault,
    content: await sealContent(keys.publicKey, content),
    failures: 0,
  });
  markDeviceCopy(record.id);
  unlocked = { privateKey: await importPrivateKey(keys.privateKey), content };
}

let refreshing: Promise<'refreshed' | 'erased' | 'none'> | null = null;

/**
 * Refreshes the copy from the server (no passphrase needed: see copy-crypto.ts). A revoked copy's
 * refresh is refused: the copy is erased.
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
    const content = await fetchContent();
    const sealed = await sealContent(stored.publicKey, content);
    await updateCopy((copy) => (copy.id === stored.id ? { ...copy, content: sealed } : copy));
    if (unlocked) unlocked = { ...unlocked, content };
    performance.measure('twofold:copy-refresh', { start: start.startTime });
    return 'refreshed' as const;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Opens the copy with the vault's master key (from any slot); a success resets the wrong-passphrase count. */
export async function openWithMasterKey(stored: StoredCopy, masterKey: Uint8Array): Promise<CopyContent> {
  const db = (await decryptVault(stored.keyVault, masterKey)) as { privateKey: string };
  const privateKey = await importPrivateKey(unbase64(db.privateKey));
  const content = (await openContent(privateKey, stored.content)) as CopyContent;
  unlocked = { privateKey, content };
  if (stored.failures !== 0) await updateCopy((copy) => ({ ...copy, failures: 0 }));
  return content;
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
    ({ masterKey, slot: opened } = await unlockWithPassword(stored.keyVault.header.slots, passphrase));
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

/** A copy made with a weaker scrypt than today's: its passphrase slot re-made (copy-kdf.ts). */
async function strengthen(
  stored: StoredCopy,
  opened: PasswordSlot,
  passphrase: string,
  masterKey: Uint8Array,
) {
  const slots = await strengthenedSlots(stored.keyVault.header.slots, opened, passphrase, masterKey);
  if (!slots) return;
  await updateCopy((copy) =>
    copy.id === stored.id
      ? { ...copy, keyVault: { ...copy.keyVault, header: { ...copy.keyVault.header, slots } } }
      : copy,
  );
}
