// The passkey page of the offline copy, opened in a tab from the popup (a popup closes as soon as
// the browser's passkey dialog takes the focus): adds a passkey to the kept copy (its passphrase
// first), unlocks the copy with it, or removes it. The background keeps the copy as always; this
// page sends it only the key derived from the passkey's PRF output, never the output. The
// ceremonies are the vault's, as the web app's; the relying party is the extension itself (its
// origin's host: the extension's id in Chromium).
import { PasskeyProblem, copyPasskeyKey, createPasskey, evaluatePasskey, toBase64 } from '@twofold/vault';
import { browser } from 'wxt/browser';
import { localise, t } from '../../lib/localise.js';
import type { KeeperRequest, KeeperState } from '../../offline/offline-keeper.js';
import type {
  AddOutcome,
  PasskeyEntry,
  PasskeyUnlockOutcome,
  PassphraseCheck,
} from '../../offline/offline-passkey.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function send<T>(request: KeeperRequest): Promise<T> {
  const answer = (await browser.runtime.sendMessage(request)) as T | { error: string };
  if (answer && typeof answer === 'object' && 'error' in answer) throw new Error(answer.error);
  return answer;
}

function showError(error: unknown): void {
  const kind = error instanceof PasskeyProblem ? error.kind : null;
  $('error').textContent = t(
    kind === 'noPrf' || kind === 'unsupported'
      ? 'passkeyNoPrf'
      : kind === 'aborted'
        ? 'passkeyAborted'
        : 'error_generic',
  );
  $('error').hidden = false;
}

/** A failure the user can act on (a wrong passphrase, a passkey of another copy). */
function showProblem(key: string, ...subs: string[]): void {
  $('error').textContent = t(key, ...subs);
  $('error').hidden = false;
}

async function render(): Promise<void> {
  const copy = await send<KeeperState>({ type: 'offline-state' });
  $('status').textContent = !copy.kept
    ? t('passkeyNoCopy')
    : copy.unlocked
      ? t('passkeyCopyUnlocked')
      : t(copy.passkeys > 0 ? 'passkeyHas' : 'passkeyNone');
  $('unlock-row').hidden = !copy.kept || copy.unlocked || copy.passkeys === 0;
  $('add').hidden = !copy.kept || copy.passkeys > 0;
  $('remove-row').hidden = !copy.kept || copy.passkeys === 0;
}

/**
 * Runs one of the page's actions: the previous messages go, the page shows the state again, then
 * what the action did (its message key, if it says something) or why it failed.
 */
function act(run: () => Promise<string | void>): void {
  $('error').hidden = true;
  $('note').textContent = '';
  void run()
    .then(async (done) => {
      await render();
      if (done) $('note').textContent = t(done);
    })
    .catch(async (error: unknown) => {
      await render().catch(() => undefined);
      showError(error);
    });
}

async function unlock(): Promise<void> {
  const passkeys = await send<PasskeyEntry[]>({ type: 'offline-passkeys' });
  // Removed meanwhile (another tab): no ceremony, the page shows the copy as it is.
  if (passkeys.length === 0) return;
  const { credentialId, output } = await evaluatePasskey(passkeys, { rpId: location.hostname });
  const passkey = passkeys.find((entry) => entry.credentialId === credentialId);
  if (!passkey) return showProblem('passkeyNotThisCopy');
  const key = toBase64(await copyPasskeyKey(output, passkey));
  const answer = await send<PasskeyUnlockOutcome>({ type: 'offline-passkey-unlock', credentialId, key });
  if (answer.outcome === 'not-this-copy') showProblem('passkeyNotThisCopy');
}

async function add(): Promise<string | void> {
  const input = $<HTMLInputElement>('passphrase');
  const passphrase = input.value;
  // The passphrase first: a wrong one leaves no passkey behind on the authenticator.
  const check = await send<PassphraseCheck>({ type: 'offline-passkey-check', passphrase });
  if (check.outcome === 'wrong') return showProblem('offlineWrong', String(check.left));
  if (check.outcome === 'erased') return showProblem('offlineErased');
  if (check.outcome !== 'right') return;
  const { passkey, output } = await createPasskey(t('offlineTitle'), { rpId: location.hostname });
  const key = toBase64(await copyPasskeyKey(output, passkey));
  const answer = await send<AddOutcome>({ type: 'offline-passkey-add', passphrase, passkey, key });
  input.value = '';
  if (answer.outcome === 'wrong') showProblem('offlineWrong', String(answer.left));
  if (answer.outcome === 'erased') showProblem('offlineErased');
  return answer.outcome === 'added' ? 'passkeyAdded' : undefined;
}

async function remove(): Promise<string> {
  for (const passkey of await send<PasskeyEntry[]>({ type: 'offline-passkeys' }))
    await send<KeeperState>({ type: 'offline-passkey-remove', credentialId: passkey.credentialId });
  return 'passkeyRemoved';
}

localise();
$('unlock').addEventListener('click', () => act(unlock));
$('add').addEventListener('submit', (event) => {
  event.preventDefault();
  act(add);
});
$('remove').addEventListener('click', () => act(remove));
void render().catch(showError);
