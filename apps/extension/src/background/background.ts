// The background service worker's logic: the token (sealed at rest), pairing, the account cache,
// the codes, and the answers to the popup and to content scripts. Content scripts get only the
// accounts of the page's own site (names and ids) and then one code.
import { browser, type Browser } from 'wxt/browser';
import { TwofoldApiError, TwofoldNetworkError } from '@twofold/contract';
import { forgetToken, openToken, sealToken, type StorageArea } from '../lib/sealed.js';
import type {
  ContentRequest,
  FillCodeAnswer,
  FillCodeMessage,
  PopupAccount,
  PopupRequest,
  SiteAccount,
  StateAnswer,
} from '../lib/messages.js';
import { matchesSite, siteOf } from '@twofold/otp/websites';
import { Server } from './server.js';
import { startPairing, type Pairing } from './pairing.js';
import { offlineSiteAccounts, offlineSiteCode } from '../offline/offline-site.js';
import { OfflineKeeper, type KeeperRequest } from '../offline/offline-keeper.js';

const SERVER_URL = 'serverUrl';
/** The id of the code-filling token (not secret): a pairing after a browser restart replaces it. */
const TOKEN_ID = 'tokenId';
const AUTO_SUBMIT = 'autoSubmit';

const local = browser.storage.local as unknown as StorageArea;
const session = browser.storage.session as unknown as StorageArea;

export class Background {
  readonly offline = new OfflineKeeper(local, session, {
    open: async (url) => void (await browser.tabs.create({ url })),
    clientName: () => browser.i18n.getMessage('offlineClientName', browserName()),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  // A revoked token leaves nothing behind: the sealed token and its key are erased (the server's
  // address stays, so pairing again is one click). The offline copy goes with it.
  readonly server = new Server(async () => {
    await forgetToken(local, session);
    await this.offline.erase();
  });
  private pairing: Pairing | null = null;
  private pairingError: string | null = null;
  private ready: Promise<void>;

  constructor() {
    this.ready = this.restore();
  }

  private async restore(): Promise<void> {
    const url = (await local.get(SERVER_URL))[SERVER_URL];
    if (typeof url !== 'string') return;
    this.server.serverUrl = url;
    const opened = await openToken(local, session);
    if (opened === 'locked') this.server.disconnect('locked');
    else if (opened !== 'none') this.server.connect(url, opened.token);
  }

  private async useToken(serverUrl: string, token: string, tokenId?: string): Promise<void> {
    await sealToken(local, session, token);
    await local.set({ [SERVER_URL]: serverUrl });
    if (tokenId) await local.set({ [TOKEN_ID]: tokenId });
    else await local.remove(TOKEN_ID);
    this.server.connect(serverUrl, token);
    this.pairing = null;
    this.pairingError = null;
  }

  state(): StateAnswer {
    return {
      status: this.server.status,
      serverUrl: this.server.serverUrl,
      pairing: this.pairing && {
        userCode: this.pairing.userCode,
        verificationUri: this.pairing.verificationUri,
      },
      pairingError: this.pairingError,
    };
  }

  /** The accounts that match both the frame and its tab (a frame of another site gets nothing). */
  async siteAccounts(frameUrl: string | undefined, tabUrl: string | undefined): Promise<PopupAccount[]> {
    if (!frameUrl || !tabUrl || this.server.status !== 'ready') return [];
    const accounts = await this.server.list();
    return accounts.filter((a) => matchesSite(a.websites, frameUrl) && matchesSite(a.websites, tabUrl));
  }

  async autoSubmit(url: string): Promise<boolean> {
    const domain = siteOf(url);
    const map = ((await local.get(AUTO_SUBMIT))[AUTO_SUBMIT] ?? {}) as Record<string, boolean>;
    return domain !== null && map[domain] === true;
  }

  private async setAutoSubmit(domain: string, on: boolean): Promise<void> {
    const map = { ...(((await local.get(AUTO_SUBMIT))[AUTO_SUBMIT] ?? {}) as Record<string, boolean>) };
    if (on) map[domain] = true;
    else delete map[domain];
    await local.set({ [AUTO_SUBMIT]: map });
  }

  /**
   * Fills an account's code into a tab's code field; the account must match the tab's site. Not
   * paired (the browser restarted) or the server unreachable: the code comes from the unlocked
   * offline copy, if any.
   */
  async fillTab(tabId: number, id: number | null): Promise<FillCodeAnswer> {
    await this.ready;
    const tab = await browser.tabs.get(tabId);
    if (this.server.status !== 'ready') return this.fillTabOffline(tab, tabId, id, null);
    try {
      return await this.fillTabOnline(tab, tabId, id);
    } catch (error) {
      if (!(error instanceof TwofoldNetworkError)) throw error;
      return this.fillTabOffline(tab, tabId, id, error);
    }
  }

  /** The copy locked or absent: the server's error when it could not be reached, else nothing filled. */
  private async fillTabOffline(
    tab: Browser.tabs.Tab,
    tabId: number,
    id: number | null,
    unreachable: TwofoldNetworkError | null,
  ): Promise<FillCodeAnswer> {
    const answer = await offlineSiteCode(local, session, id, tab.url, tab.url);
    if ('error' in answer) {
      if (answer.error !== 'offline-locked') throw new Error(answer.error);
      if (unreachable) throw unreachable;
      return { filled: false };
    }
    return this.deliver(tabId, {
      type: 'fill-code',
      code: answer.code,
      submit: await this.autoSubmit(tab.url!),
    });
  }

  private async fillTabOnline(
    tab: Browser.tabs.Tab,
    tabId: number,
    id: number | null,
  ): Promise<FillCodeAnswer> {
    const matching = await this.siteAccounts(tab.url, tab.url);
    const account = id === null ? matching[0] : matching.find((a) => a.id === id);
    if (!account || !tab.url) return { filled: false };
    const { password } = await this.server.code(account.id);
    const message: FillCodeMessage = {
      type: 'fill-code',
      code: password,
      submit: await this.autoSubmit(tab.url),
    };
    return this.deliver(tabId, message);
  }

  /** Sends the code to the tab's content script, injecting it first into a tab opened before the extension. */
  private async deliver(tabId: number, message: FillCodeMessage): Promise<FillCodeAnswer> {
    try {
      return await browser.tabs.sendMessage<FillCodeMessage, FillCodeAnswer>(tabId, message);
    } catch {
      await browser.scripting.executeScript({
        target: { tabId, allFrames: true },
        files: ['/content-scripts/content.js'],
      });
      return browser.tabs.sendMessage<FillCodeMessage, FillCodeAnswer>(tabId, message);
    }
  }

  async onContent(request: ContentRequest, sender: Browser.runtime.MessageSender): Promise<unknown> {
    await this.ready;
    // Not paired (the browser restarted: the token's key is gone): the unlocked copy answers.
    if (this.server.status !== 'ready') return this.offlineContent(request, sender, null);
    try {
      return await this.onlineContent(request, sender);
    } catch (error) {
      // The server cannot be reached: the unlocked offline copy answers, if this browser keeps one.
      if (!(error instanceof TwofoldNetworkError)) throw error;
      return this.offlineContent(request, sender, error);
    }
  }

  /** The copy locked or absent: the server's error when it could not be reached, else no account. */
  private async offlineContent(
    request: ContentRequest,
    sender: Browser.runtime.MessageSender,
    unreachable: TwofoldNetworkError | null,
  ): Promise<unknown> {
    const tabUrl = sender.tab?.url;
    if (request.type === 'site-accounts') {
      const site = await offlineSiteAccounts(local, session, sender.url, tabUrl);
      if (!site && unreachable) throw unreachable;
      return { accounts: site ?? [] };
    }
    const answer = await offlineSiteCode(local, session, request.id, sender.url, tabUrl);
    if ('error' in answer) return answer;
    return { code: answer.code, submit: await this.autoSubmit(tabUrl!) };
  }

  private async onlineContent(
    request: ContentRequest,
    sender: Browser.runtime.MessageSender,
  ): Promise<unknown> {
    const accounts = await this.siteAccounts(sender.url, sender.tab?.url);
    // The server answered: a good time to refresh the offline copy (at most every ten minutes).
    void this.offline.refresh();
    if (request.type === 'site-accounts') {
      const site = accounts.map((a): SiteAccount => ({
        id: a.id,
        label: a.account ? `${a.service} (${a.account})` : a.service,
        hotp: a.otpType === 'hotp',
      }));
      return { accounts: site };
    }
    if (!accounts.some((a) => a.id === request.id)) return { error: 'not-for-site' };
    const { password } = await this.server.code(request.id);
    return { code: password, submit: await this.autoSubmit(sender.tab!.url!) };
  }

  /** The popup's requests about the offline copy. */
  async onOffline(request: KeeperRequest): Promise<unknown> {
    await this.ready;
    return this.offline.onRequest(request);
  }

  async onPopup(request: PopupRequest): Promise<unknown> {
    await this.ready;
    switch (request.type) {
      case 'state':
        return this.state();
      case 'use-token':
        return this.checkAndUse(request.serverUrl, request.token);
      case 'pair':
        return this.pair(request.serverUrl);
      case 'forget':
        // Unpaired: the token is revoked on the server first (and the offline copy's with it),
        // then erased here, even when the server cannot be reached.
        await this.server.end();
        await forgetToken(local, session);
        await this.offline.turnOff();
        await local.remove(SERVER_URL);
        await local.remove(TOKEN_ID);
        this.server.disconnect('unpaired');
        this.server.serverUrl = null;
        return this.state();
      case 'accounts':
        return this.server.list(true);
      case 'otp':
        return this.server.code(request.id);
      case 'fill':
        return this.fillTab(request.tabId, request.id);
      case 'fill-best':
        return this.fillTab(request.tabId, null);
      case 'remember':
        await this.server.remember(request.id, request.domain);
        return {};
      case 'auto-submit':
        await this.setAutoSubmit(request.domain, request.on);
        return {};
      case 'auto-submit?':
        return { on: await this.autoSubmit(`https://${request.domain}/`) };
    }
  }

  /** A pasted token: kept only once the server accepts it. */
  private async checkAndUse(serverUrl: string, token: string): Promise<StateAnswer> {
    this.server.connect(serverUrl, token);
    try {
      await this.server.list(true);
    } catch (error) {
      this.server.disconnect('unpaired');
      throw error;
    }
    await this.useToken(serverUrl, token);
    return this.state();
  }

  private async pair(serverUrl: string): Promise<StateAnswer> {
    this.pairingError = null;
    const replaces = (await local.get(TOKEN_ID))[TOKEN_ID];
    this.pairing = await startPairing(
      serverUrl,
      clientName(),
      {
        onToken: async (url, token) => this.useToken(url, token.access_token, token.token_id),
        onFailure: (reason) => {
          this.pairing = null;
          this.pairingError = reason;
        },
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      },
      'codes',
      typeof replaces === 'string' ? replaces : undefined,
    );
    await browser.tabs.create({ url: this.pairing.verificationUriComplete });
    return this.state();
  }
}

function browserName(): string {
  const agent = navigator.userAgent;
  return /Firefox\//.test(agent) ? 'Firefox' : /Edg\//.test(agent) ? 'Edge' : 'Chromium';
}

function clientName(): string {
  return `Twofold extension (${browserName()})`;
}

/** An error as the popup shows it: a message key, never a secret. */
export function describeError(error: unknown): { error: string } {
  if (error instanceof TwofoldApiError)
    return { error: error.status === 401 ? 'revoked' : `http-${error.status}` };
  if (error instanceof TwofoldNetworkError) return { error: 'unreachable' };
  return { error: error instanceof Error ? error.message : 'error' };
}
