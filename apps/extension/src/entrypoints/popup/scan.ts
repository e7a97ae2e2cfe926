// "Scan a QR code on this page": the popup captures the visible tab (the `activeTab` grant the
// user gave by opening the popup: no host permission), reads its QR code and opens the paired
// server's create form pre-filled, where the user checks and saves it.
import { browser } from 'wxt/browser';
import type { StateAnswer } from '../../lib/messages.js';
import { classifyQr, createFormUrl, readQr } from '../../lib/page-qr.js';

type Translate = (key: string, ...subs: string[]) => string;

/** The tab the popup is for: `?tab=` when opened for a given tab, else the active one. */
async function targetTab(): Promise<{ id?: number; windowId?: number } | undefined> {
  const tabId = Number(new URLSearchParams(location.search).get('tab'));
  if (tabId) return browser.tabs.get(tabId);
  return (await browser.tabs.query({ active: true, currentWindow: true }))[0];
}

/** A screenshot of the tab, or null when the browser refuses (its own pages, the web store). */
async function capture(windowId: number | undefined): Promise<ImageBitmap | null> {
  try {
    const dataUrl = await browser.tabs.captureVisibleTab(windowId ?? browser.windows.WINDOW_ID_CURRENT, {
      format: 'png',
    });
    return await createImageBitmap(await (await fetch(dataUrl)).blob());
  } catch {
    return null;
  }
}

async function scan(t: Translate, say: (text: string) => void): Promise<void> {
  say(t('scanLooking'));
  const state = await browser.runtime.sendMessage<{ type: 'state' }, StateAnswer>({ type: 'state' });
  const tab = await targetTab();
  const image = await capture(tab?.windowId);
  if (!image || !state.serverUrl) return say(t('scanBlocked'));
  const found = classifyQr(await readQr(image));
  image.close();
  if (found.kind === 'none') return say(t('scanNone'));
  if (found.kind === 'not-otp') return say(t('scanNotOtp'));
  await browser.tabs.create({ url: createFormUrl(state.serverUrl, found.uri) });
  window.close();
}

/** Wires the scan button of the accounts screen. */
export function wireScan(t: Translate): void {
  const note = document.getElementById('scan-note')!;
  const say = (text: string) => {
    note.textContent = text;
  };
  document.getElementById('scan')!.addEventListener('click', () => {
    void scan(t, say).catch(() => say(t('error_generic')));
  });
}
