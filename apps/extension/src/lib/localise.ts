// The extension pages' strings: the browser's translation of a message key, and the page's
// `data-i18n*` attributes filled with them (text, placeholder, accessible name), in the UI's
// language and direction.
import { browser } from 'wxt/browser';

type MessageKey = Parameters<typeof browser.i18n.getMessage>[0];

export const t = (key: string, ...subs: string[]): string =>
  browser.i18n.getMessage(key as MessageKey, subs) || key;

export function localise(): void {
  document.documentElement.lang = browser.i18n.getUILanguage();
  document.documentElement.dir = browser.i18n.getMessage('@@bidi_dir') || 'ltr';
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n]'))
    node.textContent = t(node.dataset.i18n!);
  for (const node of document.querySelectorAll<HTMLInputElement>('[data-i18n-placeholder]')) {
    node.placeholder = t(node.dataset.i18nPlaceholder!);
  }
  for (const node of document.querySelectorAll<HTMLElement>('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel!));
  }
}
