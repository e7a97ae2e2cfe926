// The popup's offline copy section: off (with the way to turn it on: a passphrase twice, then the
// web app's approval of a `read` token), awaiting that approval, locked or unlocked, with its last
// refresh; Unlock, Lock and Turn off (after a confirmation). The popup's shell is given in `shell`.
import { browser } from 'wxt/browser';
import { MIN_COPY_PASSPHRASE } from '@twofold/vault';
import type { PopupRequest, StateAnswer } from '../../lib/messages.js';
import type { KeeperRequest, KeeperState } from '../../offline/offline-keeper.js';
import type { UnlockOutcome } from '../../offline/offline-copy.js';
import { renderOfflinePasskey, wireOfflinePasskey } from './offline-passkey.js';

export interface PopupShell {
  readonly t: (key: string, ...subs: string[]) => string;
  readonly send: <T>(request: PopupRequest | KeeperRequest) => Promise<T>;
  readonly showError: (error: unknown) => void;
  readonly render: (state: StateAnswer) => Promise<void>;
}

let shell: PopupShell;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const t = (key: string, ...subs: string[]) => shell.t(key, ...subs);
const send = <T>(request: PopupRequest | KeeperRequest) => shell.send<T>(request);
const showError = (error: unknown) => shell.showError(error);
const render = (state: StateAnswer) => shell.render(state);

const formatTime = (at: number) =>
  new Date(at).toLocaleString(browser.i18n.getUILanguage(), { dateStyle: 'medium', timeStyle: 'short' });

/** The offline copy's section: off (with the way to turn it on), awaiting approval, locked or unlocked. */
export function renderOffline(copy: KeeperState): void {
  const enabling = !$('offline-enable').hidden;
  const when = copy.refreshedAt === null ? '' : formatTime(copy.refreshedAt);
  $('offline-note').textContent = copy.pairingError
    ? t(
        ['access_denied', 'expired_token'].includes(copy.pairingError)
          ? `error_${copy.pairingError}`
          : 'error_generic',
      )
    : copy.pairing
      ? t('offlineAwaiting')
      : !copy.kept
        ? t('offlineOff')
        : t(copy.unlocked ? 'offlineUnlocked' : 'offlineLocked', when);
  $('offline-start').hidden = copy.kept || copy.pairing !== null || enabling;
  $('offline-enable').hidden = copy.kept || copy.pairing !== null || !enabling;
  $('offline-pairing').hidden = !copy.pairing;
  $('offline-user-code').textContent = copy.pairing?.userCode ?? '';
  $('offline-unlock').hidden = !copy.kept || copy.unlocked;
  $('offline-actions').hidden = !copy.kept;
  $('offline-lock').hidden = !copy.unlocked;
  renderOfflinePasskey(copy);
}

/** Polls the `read` pairing until the copy is made (or the pairing fails), then shows it all again. */
async function waitForCopy(): Promise<void> {
  for (;;) {
    const copy = await send<KeeperState>({ type: 'offline-state' });
    renderOffline(copy);
    if (!copy.pairing) return render(await send<StateAnswer>({ type: 'state' }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

export function wireOffline(given: PopupShell): void {
  shell = given;
  wireOfflinePasskey(showError);
  $('offline-start').addEventListener('click', () => {
    $('offline-start').hidden = true;
    $('offline-enable').hidden = false;
    $('offline-new').focus();
  });
  $('offline-enable').addEventListener('submit', (event) => {
    event.preventDefault();
    const passphrase = $<HTMLInputElement>('offline-new').value;
    const again = $<HTMLInputElement>('offline-again').value;
    if (passphrase.length < MIN_COPY_PASSPHRASE)
      return showOfflineError(t('error_passphrase_short', String(MIN_COPY_PASSPHRASE)));
    if (again !== passphrase) return showError(new Error('passphrase-mismatch'));
    const serverUrl = $<HTMLInputElement>('server-url').value;
    $('error').hidden = true;
    $<HTMLInputElement>('offline-new').value = '';
    $<HTMLInputElement>('offline-again').value = '';
    $('offline-enable').hidden = true;
    void send<KeeperState>({ type: 'offline-enable', serverUrl, passphrase })
      .then(renderOffline)
      .then(waitForCopy)
      .catch(showError);
  });
  $('offline-unlock').addEventListener('submit', (event) => {
    event.preventDefault();
    const input = $<HTMLInputElement>('offline-passphrase');
    void send<UnlockOutcome>({ type: 'offline-unlock', passphrase: input.value })
      .then(async (answer) => {
        input.value = '';
        await render(await send<StateAnswer>({ type: 'state' }));
        if (answer.outcome === 'wrong') showOfflineError(t('offlineWrong', String(answer.left)));
        if (answer.outcome === 'erased') showOfflineError(t('offlineErased'));
      })
      .catch(showError);
  });
  $('offline-lock').addEventListener('click', () => {
    void send<KeeperState>({ type: 'offline-lock' })
      .then(async () => render(await send<StateAnswer>({ type: 'state' })))
      .catch(showError);
  });
  $('offline-off').addEventListener('click', () => {
    if (!window.confirm(t('offlineTurnOffConfirm'))) return;
    void send<KeeperState>({ type: 'offline-erase' })
      .then(async () => render(await send<StateAnswer>({ type: 'state' })))
      .catch(showError);
  });
}

export function showOfflineError(text: string): void {
  $('error').textContent = text;
  $('error').hidden = false;
}
