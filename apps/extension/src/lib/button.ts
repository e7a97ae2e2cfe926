// The small Twofold button shown beside a code field, and its menu of the site's accounts. It
// lives in a closed shadow root: the page's CSS does not reach it and the page's scripts cannot read it.
import type { SiteAccount } from './messages.js';

export interface ButtonText {
  readonly title: string;
  readonly none: string;
}

const STYLE = `
:host { all: initial; position: absolute; z-index: 2147483647; }
button.tf { all: unset; box-sizing: border-box; width: 22px; height: 22px; border-radius: 6px; cursor: pointer;
  background: #1f6feb; color: #fff; font: 700 12px/22px system-ui, sans-serif; text-align: center; }
button.tf:focus-visible { outline: 2px solid #0b3d91; outline-offset: 2px; }
ul { all: unset; display: block; position: absolute; top: 26px; inset-inline-end: 0; min-width: 200px; max-width: 320px;
  background: #fff; color: #111; border: 1px solid #c8ccd1; border-radius: 8px; box-shadow: 0 4px 16px rgb(0 0 0 / 0.2);
  font: 14px/1.4 system-ui, sans-serif; padding: 4px 0; }
li { all: unset; display: block; }
li button { all: unset; display: block; box-sizing: border-box; width: 100%; padding: 6px 12px; cursor: pointer; }
li button:hover, li button:focus-visible { background: #e8f0fe; }
li.none { padding: 6px 12px; color: #555; }
@media (prefers-color-scheme: dark) {
  ul { background: #1e1f22; color: #eee; border-color: #444; }
  li button:hover, li button:focus-visible { background: #26344d; }
  li.none { color: #aaa; }
}`;

export class CodeButton {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly button: HTMLButtonElement;
  private menu: HTMLUListElement | null = null;

  constructor(
    private readonly text: ButtonText,
    onClick: () => void,
  ) {
    this.host = document.createElement('twofold-code-button');
    this.root = this.host.attachShadow({ mode: 'closed' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.button = document.createElement('button');
    this.button.className = 'tf';
    this.button.type = 'button';
    this.button.textContent = '2';
    this.button.title = text.title;
    this.button.setAttribute('aria-label', text.title);
    this.button.addEventListener('mousedown', (event) => event.preventDefault()); // keeps the field focused
    this.button.addEventListener('click', (event) => {
      event.preventDefault();
      event.stopPropagation();
      onClick();
    });
    this.root.append(style, this.button);
  }

  /** Places the button inside the field's right end (left end in right-to-left pages). */
  placeBeside(field: HTMLElement): void {
    if (!this.host.isConnected) document.documentElement.append(this.host);
    const rect = field.getBoundingClientRect();
    const rtl = getComputedStyle(field).direction === 'rtl';
    const top = rect.top + window.scrollY + Math.max(0, (rect.height - 22) / 2);
    const left = rtl ? rect.left + window.scrollX + 4 : rect.right + window.scrollX - 26;
    this.host.style.setProperty('top', `${top}px`, 'important');
    this.host.style.setProperty('left', `${left}px`, 'important');
  }

  showMenu(accounts: readonly SiteAccount[], pick: (account: SiteAccount) => void): void {
    this.closeMenu();
    const menu = document.createElement('ul');
    menu.setAttribute('role', 'menu');
    if (accounts.length === 0) {
      const item = document.createElement('li');
      item.className = 'none';
      item.textContent = this.text.none;
      menu.append(item);
    }
    for (const account of accounts) {
      const item = document.createElement('li');
      const choice = document.createElement('button');
      choice.type = 'button';
      choice.setAttribute('role', 'menuitem');
      choice.textContent = account.label;
      choice.addEventListener('mousedown', (event) => event.preventDefault());
      choice.addEventListener('click', () => {
        this.closeMenu();
        pick(account);
      });
      item.append(choice);
      menu.append(item);
    }
    this.root.append(menu);
    this.menu = menu;
  }

  closeMenu(): void {
    this.menu?.remove();
    this.menu = null;
  }

  remove(): void {
    this.host.remove();
  }
}
