// The background's hold on the offline copy beyond reading it: turning it on, its refresh while
// online, its own token, and the popup's list and codes while the server cannot be reached.
//
// Turning it on: the passphrase's keys are made at once (the passphrase itself is not kept), then a
// pairing of the `read` scope opens the web app's Connect page, where the user approves reading the
// secrets; with that token the accounts are read and sealed. The token is kept sealed like the
// code-filling one (its key in `storage.session`) and inside the copy's sealed metadata, so that an
// unlock after a browser restart gives it back. The popup gets names and codes, never a secret or
// the token; a page gets nothing from here.
//
// On the server, the copy is a device copy tied to that token (listed in Settings with the web
// app's copies): each refresh is recorded there, and revoking either the copy or the token makes
// the next refresh erase the copy here. Turning the copy off ends its token on the server first.
import { MIN_COPY_PASSPHRASE, newCopyKeys, toHex } from '@twofold/vault';
import type { PopupAccount, PopupCode } from '../lib/messages.js';
import { forgetToken, openToken, sealToken, type StorageArea, type TokenSlot } from '../lib/sealed.js';
import { startPairing, type Pairing } from '../background/pairing.js';
import { createTwofold } from '@twofold/contract';
import {
  createCopyWithKeys,
  eraseCopy,
  offlineCode,
  refreshedAt,
  unlockCopyForToken,
  unlockedAccounts,
  type CopyKeys,
  type UnlockOutcome,
} from './offline-copy.js';
import {
  offlineState,
  onOfflineRequest,
  type OfflineRequest,
  type OfflineState,
} from './offline-requests.js';
import { readOfflineAccounts, refreshFromServer } from './offline-source.js';
import {
  addPasskey,
  checkPassphrase,
  copyPasskeys,
  removePasskey,
  unlockWithPasskey,
  type PasskeyEntry,
  type PasskeyUnlockOutcome,
} from './offline-passkey.js';

const TOKEN: TokenSlot = { key: 'offlineSealKey', sealed: 'offlineToken' };
/** The server the copy's token belongs to. */
const SERVER_URL = 'offlineServerUrl';
/** The id of the device copy the server recorded for the copy's token (not secret). */
const DEVICE_COPY = 'offlineDeviceCopy';
/** A page's contact refreshes the copy at most this often (opening the popup always does). */
const REFRESH_EVERY_MS = 10 * 60_000;

export type KeeperRequest =
  | OfflineRequest
  | { readonly type: 'offline-enable'; readonly serverUrl: string; readonly passphrase: string }
  | { readonly type: 'offline-refresh' }
  | { readonly type: 'offline-accounts' }
  | { readonly type: 'offline-otp'; readonly id: number }
  | PasskeyRequest;

/**
 * The passkey page's requests: `key` is the raw slot's key (base64) the page derived from the
 * passkey's PRF output, never the output itself.
 */
export type PasskeyRequest =
  | { readonly type: 'offline-passkeys' }
  | { readonly type: 'offline-passkey-check'; readonly passphrase: string }
  | {
      readonly type: 'offline-passkey-add';
      readonly passphrase: string;
      readonly passkey: PasskeyEntry;
      readonly key: string;
    }
  | { readonly type: 'offline-passkey-unlock'; readonly credentialId: string; readonly key: string }
  | { readonly type: 'offline-passkey-remove'; readonly credentialId: string };

/** A request about the offline copy (the extension's own pages only: the popup, the passkey page; the background refuses them from web pages). */
export const isKeeperRequest = (request: { readonly type: string }): request is KeeperRequest =>
  request.type.startsWith('offline-');

export interface KeeperState extends OfflineState {
  /** When the copy was last written from the server (ms), null without a copy. */
  readonly refreshedAt: number | null;
  /** A pairing of the `read` scope awaiting the user's approval in the web app. */
  readonly pairing: { readonly userCode: string } | null;
  readonly pairingError: string | null;
  /** How many passkeys unlock the copy. */
  readonly passkeys: number;
}

export interface KeeperHooks {
  /** Opens the web app's Connect page for the pairing. */
  open(url: string): Promise<void>;
  /** The name the server lists the copy's token under. */
  clientName(): string;
  wait(ms: number): Promise<void>;
}

export class OfflineKeeper {
  private pairing: Pairing | null = null;
  private pairingError: string | null = null;
  private lastRefresh = 0;

  constructor(
    private readonly local: StorageArea,
    private readonly session: StorageArea,
    private readonly hooks: KeeperHooks,
  ) {}

  async state(): Promise<KeeperState> {
    return {
      ...(await offlineState(this.local, this.session)),
      refreshedAt: await refreshedAt(this.local),
      pairing: this.pairing && { userCode: this.pairing.userCode },
      pairingError: this.pairingError,
      passkeys: (await copyPasskeys(this.local)).length,
    };
  }

  async onRequest(request: KeeperRequest): Promise<unknown> {
    switch (request.type) {
      case 'offline-enable':
        return this.enable(request.serverUrl, request.passphrase);
      case 'offline-refresh':
        await this.refresh(true);
        return this.state();
      case 'offline-accounts':
        return this.accounts();
      case 'offline-otp':
        return this.code(request.id);
      case 'offline-unlock':
        return this.unlock(request.passphrase);
      case 'offline-erase':
        await this.turnOff();
        return this.state();
      case 'offline-passkeys':
      case 'offline-passkey-check':
      case 'offline-passkey-add':
      case 'offline-passkey-unlock':
      case 'offline-passkey-remove':
        return this.onPasskey(request);
      default:
        await onOfflineRequest(this.local, this.session, request);
        return this.state();
    }
  }

  /** Turns the copy on: keys now, then the `read` pairing; the copy is made once it is approved. */
  private async enable(serverUrl: string, passphrase: string): Promise<KeeperState> {
    if (passphrase.length < MIN_COPY_PASSPHRASE) throw new Error('passphrase-short');
    const keys = await newCopyKeys(passphrase);
    this.pairingError = null;
    this.pairing = await startPairing(
      serverUrl,
      this.hooks.clientName(),
      {
        onToken: async (url, token) => {
          try {
            await this.create(url, keys, token.access_token, token.device_copy_id);
          } catch {
            this.pairingError = 'error';
          } finally {
            this.pairing = null;
          }
        },
        onFailure: (reason) => {
          this.pairing = null;
          this.pairingError = reason;
        },
        wait: (ms) => this.hooks.wait(ms),
      },
      'read',
    );
    await this.hooks.open(this.pairing.verificationUriComplete);
    return this.state();
  }

  /** Makes the copy under the id of the device copy the server recorded (a server without: a new id). */
  private async create(
    serverUrl: string,
    keys: CopyKeys,
    readToken: string,
    deviceCopyId: string | undefined,
  ): Promise<void> {
    const accounts = await readOfflineAccounts(serverUrl, readToken);
    const id = deviceCopyId ?? toHex(crypto.getRandomValues(new Uint8Array(16)));
    await createCopyWithKeys(this.local, id, keys, accounts, undefined, readToken);
    await sealToken(this.local, this.session, readToken, TOKEN);
    await this.local.set({ [SERVER_URL]: serverUrl });
    if (deviceCopyId) await this.local.set({ [DEVICE_COPY]: deviceCopyId });
    this.lastRefresh = Date.now();
  }

  /**
   * Refreshes the copy from the server with its token (`force`: now, else at most every ten
   * minutes). The token revoked: the copy is erased. The server unreachable: the copy stays.
   */
  async refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.lastRefresh < REFRESH_EVERY_MS) return;
    const serverUrl = (await this.local.get(SERVER_URL))[SERVER_URL];
    const opened = await openToken(this.local, this.session, TOKEN);
    if (typeof serverUrl !== 'string' || typeof opened !== 'object') return;
    this.lastRefresh = Date.now();
    try {
      const deviceCopy = (await this.local.get(DEVICE_COPY))[DEVICE_COPY];
      const recorded = typeof deviceCopy === 'string' ? deviceCopy : null;
      if ((await refreshFromServer(this.local, this.session, serverUrl, opened.token, recorded)) === 'erased')
        await this.erase();
    } catch {
      // The server cannot be reached (or failed): the copy stays as it is until the next contact.
    }
  }

  /** Unlocks with the passphrase; the copy's token comes back with it (a browser restart lost its key). */
  private async unlock(passphrase: string): Promise<UnlockOutcome> {
    const { outcome, readToken } = await unlockCopyForToken(this.local, this.session, passphrase);
    if (readToken) await sealToken(this.local, this.session, readToken, TOKEN);
    if (outcome.outcome === 'erased') await this.erase();
    return outcome;
  }

  /**
   * Turned off (in the popup, or the extension unpaired): the copy's token is revoked on the server
   * (its device copy with it), then everything is erased here, even when the server cannot be
   * reached (Settings then still lists the token and the copy: revoke them there).
   */
  async turnOff(): Promise<void> {
    const serverUrl = (await this.local.get(SERVER_URL))[SERVER_URL];
    const opened = await openToken(this.local, this.session, TOKEN);
    if (typeof serverUrl === 'string' && typeof opened === 'object') {
      try {
        await createTwofold({
          baseUrl: serverUrl,
          token: opened.token,
          timeout: 15_000,
        }).deviceAuthorization.end();
      } catch {
        // Unreachable, or the token already refused: erased here all the same.
      }
    }
    await this.erase();
  }

  /** The passkey page's requests; an unlock gives the copy's token back as a passphrase's does. */
  private async onPasskey(request: PasskeyRequest): Promise<unknown> {
    switch (request.type) {
      case 'offline-passkeys':
        return copyPasskeys(this.local);
      case 'offline-passkey-check':
        return this.erasedIfSo(await checkPassphrase(this.local, this.session, request.passphrase));
      case 'offline-passkey-add':
        return this.erasedIfSo(
          await addPasskey(this.local, this.session, request.passphrase, request.passkey, request.key),
        );
      case 'offline-passkey-unlock': {
        const { outcome, readToken } = await unlockWithPasskey(
          this.local,
          this.session,
          request.credentialId,
          request.key,
        );
        if (readToken) await sealToken(this.local, this.session, readToken, TOKEN);
        return outcome satisfies PasskeyUnlockOutcome;
      }
      case 'offline-passkey-remove':
        await removePasskey(this.local, request.credentialId);
        return this.state();
    }
  }

  /** A tenth wrong passphrase erased the copy: its token and server go too. */
  private async erasedIfSo<T extends { outcome: string }>(outcome: T): Promise<T> {
    if (outcome.outcome === 'erased') await this.erase();
    return outcome;
  }

  /** Erases the copy, its token and its server (turned off, revoked, too many wrong passphrases). */
  async erase(): Promise<void> {
    await eraseCopy(this.local, this.session);
    await forgetToken(this.local, this.session, TOKEN);
    await this.local.remove(SERVER_URL);
    await this.local.remove(DEVICE_COPY);
  }

  /** The unlocked copy's accounts as the popup lists them: no secret, and no HOTP (its counter is the server's). */
  private async accounts(): Promise<PopupAccount[]> {
    const accounts = await unlockedAccounts(this.local, this.session);
    if (!accounts) throw new Error('offline-locked');
    return accounts
      .filter((a) => a.otp_type !== 'hotp')
      .map((a) => ({
        id: a.id,
        service: a.service,
        account: a.account ?? '',
        icon: null,
        favourite: a.favorite === true,
        otpType: a.otp_type,
        websites: a.websites,
      }));
  }

  private async code(id: number): Promise<PopupCode> {
    const accounts = await unlockedAccounts(this.local, this.session);
    if (!accounts) throw new Error('offline-locked');
    const account = accounts.find((a) => a.id === id);
    if (!account) throw new Error('not-found');
    const now = Date.now() / 1000;
    const code = await offlineCode(account, now);
    if (!('password' in code)) throw new Error(code.error);
    return { password: code.password, generatedAt: Math.floor(now), period: code.period };
  }
}
