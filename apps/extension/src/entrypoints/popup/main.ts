// The popup: pairing (server URL, then the device code the web app confirms; a pasted token as a
// fallback), then every account, favourites first, searchable; a code is read only when asked for.
// The offline copy (off by default): turned on with a passphrase and the web app's approval, then
// unlocked, locked or turned off here; while the server cannot be reached, or the extension is not
// paired (after a browser restart), the list and its codes come from the unlocked copy.
import { browser } from 'wxt/browser';
import type { PopupAccount, PopupCode, PopupRequest, StateAnswer } from '../../lib/messages.js';
import type { KeeperRequest, KeeperState } from '../../offline/offline-keeper.js';
import { renderOffline, wireOffline } from './offline.js';
import { matchesSite, siteOf } from '@twofold/otp/websites';
import { wireScan } from './scan.js';
import { localise, t } from '../../lib/localise.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function send<T>(request: PopupRequest | KeeperRequest): Promise<T> {
  const answer = (await browser.runtime.sendMessage(request)) as T | { error: string };
  if (answer && typeof answer === 'object' && 'error' in answer) throw new Error(answer.error);
  return answer;
}

function showError(error: unknown): void {
  const key = error instanceof Error ? error.message : 'error';
  // A revoked token: the background has erased it; the pairing screen says so.
  if (key === 'revoked') {
    void send<StateAnswer>({ type: 'state' }).then(render);
    return;
  }
  const known = [
    'revoked',
    'unreachable',
    'not-for-site',
    'permission',
    'access_denied',
    'expired_token',
    'passphrase-mismatch',
    'offline-locked',
  ];
  $('error').textContent = t(known.includes(key) ? `error_${key.replaceAll('-', '_')}` : 'error_generic');
  $('error').hidden = false;
}

/** The server's origin and path, without a trailing slash; null when not an http(s) URL. */
function serverBase(text: string): string | null {
  try {
    const url = new URL(text.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return null;
  }
}

/** Asks for the server's origin (optional host permission); must run in the click's gesture. */
async function allowServer(base: string): Promise<void> {
  const granted = await browser.permissions.request({ origins: [`${new URL(base).origin}/*`] });
  if (!granted) throw new Error('permission');
}

let tab: { id: number; url: string; domain: string | null } | null = null;
let accounts: PopupAccount[] = [];
/** The server cannot be reached: the list and its codes come from the unlocked offline copy. */
let offline = false;

/** The pairing section alone: its note and the user code of a pairing under way. */
function renderPairing(state: StateAnswer): void {
  const paired = state.status === 'ready';
  $('pair').hidden = paired;
  if (paired) return;
  const note = { unpaired: '', locked: t('lockedNote'), revoked: t('revokedNote') }[state.status];
  $('status-note').textContent = state.pairingError ? t(`error_${state.pairingError}`) : note;
  if (state.serverUrl && !$<HTMLInputElement>('server-url').value) {
    $<HTMLInputElement>('server-url').value = state.serverUrl;
  }
  $('pair-code').hidden = !state.pairing;
  $('user-code').textContent = state.pairing?.userCode ?? '';
}

async function render(state: StateAnswer): Promise<void> {
  $('error').hidden = true;
  const paired = state.status === 'ready';
  renderPairing(state);
  // Not paired (after a browser restart): a kept copy is still offered, below the pairing form.
  offline = !paired;
  if (paired) {
    try {
      accounts = await send<PopupAccount[]>({ type: 'accounts' });
    } catch (error) {
      if (!(error instanceof Error && error.message === 'unreachable')) throw error;
      offline = true;
    }
  }
  const copy = await send<KeeperState>({ type: 'offline-state' });
  $('accounts').hidden = !paired && !copy.kept;
  if ($('accounts').hidden) return;
  // Forgetting the server and scanning a page for the web app need the pairing.
  $('forget').hidden = !paired;
  $('scan-row').hidden = !paired;
  if (offline) accounts = copy.unlocked ? await send<PopupAccount[]>({ type: 'offline-accounts' }) : [];
  $('offline-banner').hidden = !offline;
  const banner = paired
    ? copy.unlocked
      ? 'offlineBanner'
      : copy.kept
        ? 'offlineBannerLocked'
        : 'error_unreachable'
    : copy.unlocked
      ? 'offlineBannerUnpaired'
      : 'offlineBannerUnpairedLocked';
  $('offline-banner').textContent = t(banner);
  renderOffline(copy);
  // Online: the copy is refreshed now (a revoked copy token erases it at this contact).
  if (!offline && copy.kept)
    void send<KeeperState>({ type: 'offline-refresh' }).then(renderOffline, showError);
  if (tab?.domain) {
    $('site').hidden = false;
    $('auto-submit-label').textContent = t('autoSubmit', tab.domain);
    const { on } = await send<{ on: boolean }>({ type: 'auto-submit?', domain: tab.domain });
    $<HTMLInputElement>('auto-submit').checked = on;
  }
  renderList();
}

function button(label: string, onClick: () => Promise<void> | void): HTMLButtonElement {
  const node = document.createElement('button');
  node.type = 'button';
  node.textContent = label;
  node.addEventListener('click', () => void Promise.resolve(onClick()).catch(showError));
  return node;
}

const timers = new Set<number>();

function showCode(item: HTMLElement, code: PopupCode, refresh: () => Promise<void>): void {
  item.querySelector('.code')!.textContent = code.password;
  item.querySelector('progress')?.remove();
  if (!code.period || !code.generatedAt) return;
  const bar = document.createElement('progress');
  bar.max = code.period;
  item.append(bar);
  const period = code.period;
  const expires = (Math.floor(code.generatedAt / period) + 1) * period;
  const timer = window.setInterval(() => {
    const left = Math.max(0, expires - Date.now() / 1000);
    bar.value = left;
    bar.setAttribute('aria-label', t('secondsLeft', String(Math.ceil(left))));
    if (left > 0) return;
    window.clearInterval(timer);
    timers.delete(timer);
    void refresh();
  }, 250);
  timers.add(timer);
}

function accountItem(account: PopupAccount, serverUrl: string): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.id = String(account.id);
  const icon = document.createElement('img');
  icon.alt = '';
  icon.src =
    account.icon && !offline
      ? `${serverUrl}/storage/icons/${encodeURIComponent(account.icon)}`
      : 'icon/32.png';
  const name = document.createElement('div');
  name.className = account.favourite ? 'name fav' : 'name';
  name.textContent = account.service || account.account;
  const small = document.createElement('small');
  small.textContent = account.service ? account.account : '';
  name.append(small);
  const code = document.createElement('span');
  code.className = 'code';
  const actions = document.createElement('div');
  actions.className = 'actions';
  const hotp = account.otpType === 'hotp';
  let current: PopupCode | null = null;
  const read = async () => {
    if (hotp && !window.confirm(t('hotpConfirm'))) return;
    current = await send<PopupCode>(
      offline ? { type: 'offline-otp', id: account.id } : { type: 'otp', id: account.id },
    );
    showCode(item, current, hotp ? async () => undefined : read);
  };
  actions.append(
    button(t('showCode'), read),
    button(t('copy'), async () => {
      if (!current) await read();
      if (current) await navigator.clipboard.writeText(current.password);
    }),
  );
  const site = tab && matchesSite(account.websites, tab.url);
  if (tab && site) {
    const target = tab;
    actions.append(
      button(t('fill'), async () => {
        if (hotp && !window.confirm(t('hotpConfirm'))) return;
        await send({ type: 'fill', id: account.id, tabId: target.id });
        window.close();
      }),
    );
  } else if (tab?.domain && !offline) {
    const domain = tab.domain;
    actions.append(
      button(t('remember', domain, account.service || account.account), async () => {
        await send({ type: 'remember', id: account.id, domain });
        await render(await send<StateAnswer>({ type: 'state' }));
      }),
    );
  }
  item.append(icon, name, code, actions);
  return item;
}

function renderList(): void {
  for (const timer of timers) window.clearInterval(timer);
  timers.clear();
  const query = $<HTMLInputElement>('search').value.trim().toLowerCase();
  const serverUrl = $<HTMLInputElement>('server-url').value;
  const shown = accounts.filter((a) => `${a.service} ${a.account}`.toLowerCase().includes(query));
  const onSite = (a: PopupAccount) => (tab && matchesSite(a.websites, tab.url) ? 1 : 0);
  shown.sort((a, b) => onSite(b) - onSite(a));
  $('list').replaceChildren(...shown.map((account) => accountItem(account, serverUrl)));
}

/**
 * Polls the pairing until it ends: only the pairing section is redrawn meanwhile (the list below,
 * the offline copy's after a browser restart, keeps a code the user opened), then everything.
 */
async function waitForPairing(): Promise<void> {
  for (;;) {
    const state = await send<StateAnswer>({ type: 'state' });
    if (state.status === 'ready' || !state.pairing) return render(state);
    renderPairing(state);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function wire(): void {
  $('pair-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const base = serverBase($<HTMLInputElement>('server-url').value);
    if (!base) return showError(new Error('error_generic'));
    void allowServer(base)
      .then(() => send<StateAnswer>({ type: 'pair', serverUrl: base }))
      .then((state) => {
        $('error').hidden = true;
        renderPairing(state);
      })
      .then(waitForPairing)
      .catch(showError);
  });
  $('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const base = serverBase($<HTMLInputElement>('server-url').value);
    const token = $<HTMLInputElement>('token').value.trim();
    if (!base || !token) return showError(new Error('error_generic'));
    void allowServer(base)
      .then(() => send<StateAnswer>({ type: 'use-token', serverUrl: base, token }))
      .then((state) => {
        $<HTMLInputElement>('token').value = '';
        return render(state);
      })
      .catch(showError);
  });
  $('forget').addEventListener('click', () => {
    void send<StateAnswer>({ type: 'forget' }).then(render).catch(showError);
  });
  $('search').addEventListener('input', renderList);
  $('auto-submit').addEventListener('change', () => {
    const on = $<HTMLInputElement>('auto-submit').checked;
    if (tab?.domain) void send({ type: 'auto-submit', domain: tab.domain, on }).catch(showError);
  });
}

async function start(): Promise<void> {
  localise();
  wire();
  wireOffline({ t, send, showError, render });
  wireScan(t);
  const params = new URLSearchParams(location.search);
  const tabId = Number(params.get('tab'));
  const active = tabId
    ? await browser.tabs.get(tabId)
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  if (active?.id !== undefined && active.url) {
    tab = { id: active.id, url: active.url, domain: siteOf(active.url) };
  }
  const state = await send<StateAnswer>({ type: 'state' });
  if (state.serverUrl) $<HTMLInputElement>('server-url').value = state.serverUrl;
  await render(state);
}

void start().catch(showError);
