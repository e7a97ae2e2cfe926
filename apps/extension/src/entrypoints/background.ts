import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { Background, describeError } from '../background/background.js';
import type { ContentRequest, PopupRequest } from '../lib/messages.js';
import { isKeeperRequest } from '../offline/offline-keeper.js';

const CONTENT_TYPES = new Set(['site-accounts', 'site-code']);

export default defineBackground({
  type: 'module',
  main() {
    const background = new Background();

    // Answers through sendResponse (returning true keeps the channel open), as every browser supports.
    browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) => {
      const request = message as ContentRequest | PopupRequest;
      // A content script (a tab's page) may only ask for its own site's accounts and codes.
      const fromPage = sender.tab !== undefined && !sender.url?.startsWith(browser.runtime.getURL('/'));
      const answer = fromPage
        ? CONTENT_TYPES.has(request.type)
          ? background.onContent(request as ContentRequest, sender)
          : Promise.resolve({ error: 'refused' })
        : isKeeperRequest(request)
          ? background.onOffline(request)
          : background.onPopup(request as PopupRequest);
      void answer.catch(describeError).then(sendResponse);
      return true;
    });

    browser.commands.onCommand.addListener((command, tab) => {
      if (command !== 'fill-best') return;
      void (async () => {
        const target = tab ?? (await browser.tabs.query({ active: true, currentWindow: true }))[0];
        if (target?.id !== undefined) await background.fillTab(target.id, null).catch(() => undefined);
      })();
    });
  },
});
