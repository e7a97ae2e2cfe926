// The content script, in every frame of every page: finds a code field, shows the Twofold button
// beside it, and fills the code the background sends. It holds no account list, secret or token:
// it asks the background for this site's accounts (names and ids) and then for one code.
import { browser } from 'wxt/browser';
import { defineContentScript } from 'wxt/utils/define-content-script';
import { bestCodeField, type CodeField } from '../lib/field-detect.js';
import { fillCode, submitFor } from '../lib/fill.js';
import { CodeButton } from '../lib/button.js';
import type {
  ContentRequest,
  FillCodeAnswer,
  FillCodeMessage,
  SiteAccount,
  SiteAccountsAnswer,
  SiteCodeAnswer,
} from '../lib/messages.js';

export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  main() {
    let field: CodeField | undefined;
    const button = new CodeButton(
      { title: browser.i18n.getMessage('fillButton'), none: browser.i18n.getMessage('noSiteAccount') },
      () => void offer(),
    );

    const anchor = (f: CodeField) => (f.kind === 'single' ? f.input : f.inputs[0]!);

    function put(code: string, submit: boolean): boolean {
      field = bestCodeField(document) ?? field;
      if (!field || !fillCode(field, code)) return false;
      if (submit) submitFor(field);
      return true;
    }

    async function fillWith(account: SiteAccount): Promise<void> {
      if (account.hotp && !window.confirm(browser.i18n.getMessage('hotpConfirm'))) return;
      const answer = await browser.runtime.sendMessage<ContentRequest, SiteCodeAnswer>({
        type: 'site-code',
        id: account.id,
      });
      if ('code' in answer) put(answer.code, answer.submit);
    }

    async function offer(): Promise<void> {
      const { accounts } = await browser.runtime.sendMessage<ContentRequest, SiteAccountsAnswer>({
        type: 'site-accounts',
      });
      if (accounts?.length === 1 && !accounts[0]!.hotp) return fillWith(accounts[0]!);
      button.showMenu(accounts ?? [], (account) => void fillWith(account));
    }

    function scan(): void {
      field = bestCodeField(document);
      if (field) button.placeBeside(anchor(field));
      else button.remove();
    }

    let pending = 0;
    const later = () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(scan, 250);
    };
    scan();
    const observer = new MutationObserver((records) => {
      if (records.some((record) => record.target !== button.host)) later();
    });
    observer.observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['hidden', 'style', 'class'],
    });
    window.addEventListener('resize', later);
    document.addEventListener('focusin', later);
    document.addEventListener('click', () => button.closeMenu());

    browser.runtime.onMessage.addListener((message: unknown, _sender, sendResponse) => {
      const fill = message as FillCodeMessage;
      if (fill.type !== 'fill-code' || !bestCodeField(document)) return undefined; // another frame has the field
      const answer: FillCodeAnswer = { filled: put(fill.code, fill.submit) };
      sendResponse(answer);
      return undefined;
    });
  },
});
