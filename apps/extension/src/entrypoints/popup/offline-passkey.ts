// The popup's ways to the offline copy's passkey page, which opens in a tab (the popup closes as
// soon as the browser's passkey dialog takes the focus): "Unlock with a passkey" while the copy is
// locked and a passkey unlocks it, and "Add a passkey" (or remove it) while the copy is kept.
import { browser } from 'wxt/browser';
import type { KeeperState } from '../../offline/offline-keeper.js';
import { t } from '../../lib/localise.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export function renderOfflinePasskey(copy: KeeperState): void {
  $('offline-passkey-unlock').hidden = !copy.kept || copy.unlocked || copy.passkeys === 0;
  $('offline-passkey-manage').hidden = !copy.kept;
  $('offline-passkey-manage').textContent = t(copy.passkeys > 0 ? 'passkeyManage' : 'passkeyAdd');
}

/** The new tab takes the focus, which closes the popup. */
async function openPasskeyPage(): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL('/passkey.html') });
}

export function wireOfflinePasskey(showError: (error: unknown) => void): void {
  for (const id of ['offline-passkey-unlock', 'offline-passkey-manage'])
    $(id).addEventListener('click', () => void openPasskeyPage().catch(showError));
}
