import { wholeList, type ResponseOf } from '@twofold/contract';
import {
  isVaultError,
  newCopyKeys,
  openContent,
  openCopyKey,
  strengthenedSlots,
  unlockWithPassword,
  withSlots,
  type PasswordSlot,
} from '@twofold/vault';
import { api, isApiError, unwrap } from '../../api/client';
import { serverNow } from '../../api/server-time';
import type { Account, Group } from '../data-source';
import { showCopyIcons } from '../account/icon.api';
import { deleteCopyDatabase, readCopy, updateCopy, writeCopy, type StoredCopy } from './copy-store';
import { recordRefresh, registerDeviceCopy } from './device-copies.api';
import { sealOffThread } from './seal-off-thread';
import { openLogos, readIconDigests, refreshLogos, type CopyLogos, type IconDigests } from './copy-icons';
import { deviceCopyId, markDeviceCopy } from '../../api/client';

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
  /** By icon file: the digest of its image, under which `logos` keeps it (copy-icons.ts). */
  readonly iconDigests?: IconDigests;
  /**
   * Logos as data URLs by icon file: sealed in the content by copies made before logos were kept
   * apart; else filled in memory from the copy's logos when it is opened.
   */
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
}

/** Erases the copy from this device. */
export async function eraseCopy(): Promise<void> {
  lockCopy();
  markDeviceCopy(null);
  await deleteCopyDatabase();
}

/** The content read from the server, and the logos the copy holds after this refresh. */
async function fetchContent(
  held: Pick<StoredCopy, 'logos' | 'logosLeftOut'>,
  publicKey: JsonWebKey,
): Promise<{ content: CopyContent; logos: CopyLogos }> {
  const [accounts, groups, user, appConfig, settings, iconDigests] = await Promise.all([
    // The list the user knows offline: favourites, tags and recovery-code counts (`withExtras`);
    // notes and the recovery codes themselves are not in the list, so not in the copy.
    unwrap(api.GET('/api/v1/twofaccounts', { params: { query: { withSecret: '1', withExtras: '1' } } })).then(
      wholeList,
    ),
    unwrap(api.GET('/api/v1/groups')),
    readUser(),
    unwrap(api.GET('/app-config')),
    unwrap(api.GET('/api/v1/settings')),
    readIconDigests(),
  ]);
  const content = {
    refreshedAt: Date.now(),
    serverOffsetMs: serverNow() - Date.now(),
    accounts,
    groups,
    user,
    appConfig,
    settings,
    iconDigests,
  };
  return { content, logos: await refreshLogos(held, iconDigests, publicKey) };
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
  const keys = await newCopyKeys(passphrase);
  const { content, logos } = await fetchContent({}, keys.publicKey);
  await writeCopy({
    id: record.id,
    publicKey: keys.publicKey,
    keyVault: keys.keyVault,
    content: await sealOffThread(keys.publicKey, content),
    failures: 0,
    logos: logos.logos,
    logosLeftOut: logos.leftOut,
  });
  markDeviceCopy(record.id);
  unlocked = { privateKey: keys.privateKey, content: await withIcons(keys.privateKey, content, logos.logos) };
}

let refreshing: Promise<'refreshed' | 'erased' | 'none'> | null = null;

/**
 * Refreshes the copy from the server (no passphrase needed: the content is sealed to the device's
 * public key, see `@twofold/vault`). A revoked copy's refresh is refused: the copy is erased.
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
    const { content, logos } = await fetchContent(stored, stored.publicKey);
    const sealed = await sealOffThread(stored.publicKey, content);
    await updateCopy((copy) =>
      copy.id === stored.id
        ? { ...copy, content: sealed, logos: logos.logos, logosLeftOut: logos.leftOut }
        : copy,
    );
    if (unlocked) {
      const { privateKey } = unlocked;
      unlocked = { privateKey, content: await withIcons(privateKey, content, logos.logos) };
    }
    performance.measure('twofold:copy-refresh', { start: start.startTime });
    return 'refreshed' as const;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Opens the copy with the vault's master key (from any slot); a success resets the wrong-passphrase count. */
export async function openWithMasterKey(stored: StoredCopy, masterKey: Uint8Array): Promise<CopyContent> {
  const privateKey = await openCopyKey(stored.keyVault, masterKey);
  const content = await withIcons(
    privateKey,
    (await openContent(privateKey, stored.content)) as CopyContent,
    stored.logos,
  );
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

/** A copy made with a weaker scrypt than today's: its passphrase slot re-made (`strengthenedSlots`). */
async function strengthen(
  stored: StoredCopy,
  opened: PasswordSlot,
  passphrase: string,
  masterKey: Uint8Array,
) {
  const slots = await strengthenedSlots(stored.keyVault.header.slots, opened, passphrase, masterKey);
  if (!slots) return;
  await updateCopy((copy) => (copy.id === stored.id ? withSlots(copy, slots) : copy));
}
