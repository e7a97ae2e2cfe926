import { hmac } from '@noble/hashes/hmac.js';
import { md5, sha1 } from '@noble/hashes/legacy.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { decodeSecret, steamEncode } from '@twofold/otp/browser';
import { openVault } from '../vault.js';
import type { BreakGlassData, BreakGlassStrings } from './html.js';

/*
 * The break-glass file's script, bundled into the file at build time (build-viewer.mjs): reads the
 * sealed vault from the page, opens it with the password typed (scrypt and AES-GCM, in the page),
 * then lists the accounts with their codes. It makes no request: the file's CSP forbids them all.
 */

interface Entry {
  readonly type: string;
  readonly name: string;
  readonly issuer: string;
  readonly note: string;
  readonly icon: string | null;
  readonly icon_mime: string | null;
  readonly info: { secret: string; algo: string; digits: number; period?: number; counter?: number };
  readonly twofold?: { recovery_codes?: { code: string; used_at: string | null }[] };
}

const HASHES = { SHA1: sha1, SHA256: sha256, SHA512: sha512, MD5: md5 } as const;

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse(byId('twofold-data').textContent ?? '{}') as BreakGlassData;
const text: BreakGlassStrings = data.strings;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, content?: string) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (content !== undefined) node.textContent = content;
  return node;
}

/** RFC 4226 (HOTP) at `counter`; TOTP is HOTP at the time step; Steam re-encodes the value. */
export function otpCode(entry: Entry, counter: number): string | null {
  const key = decodeSecret(entry.info.secret);
  const hash =
    HASHES[entry.info.algo.toUpperCase() as keyof typeof HASHES] ??
    (entry.type === 'steam' ? sha1 : undefined);
  if (!key.ok || !hash) return null;
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 0x1_0000_0000));
  view.setUint32(4, counter % 0x1_0000_0000);
  const digest = hmac(entry.type === 'steam' ? sha1 : hash, key.value, message);
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const at = (i: number) => digest[offset + i] ?? 0;
  const value = (((at(0) & 0x7f) << 24) | (at(1) << 16) | (at(2) << 8) | at(3)) >>> 0;
  if (entry.type === 'steam') return steamEncode(value);
  const digits = entry.info.digits;
  return String(value % 10 ** digits).padStart(digits, '0');
}

const periodOf = (entry: Entry) => (entry.type === 'steam' ? 30 : entry.info.period || 30);

interface Row {
  readonly entry: Entry;
  readonly item: HTMLLIElement;
  readonly code: HTMLElement;
  readonly left: HTMLElement;
  readonly search: string;
  step: number;
}

function secretsBlock(entry: Entry): HTMLElement | undefined {
  const codes = entry.twofold?.recovery_codes ?? [];
  if (!entry.note && codes.length === 0) return undefined;
  const block = element('div', 'extras');
  const button = element('button', 'reveal', text.reveal);
  button.type = 'button';
  button.addEventListener('click', () => {
    button.remove();
    if (entry.note) {
      block.append(element('h3', '', text.note), element('p', 'note', entry.note));
    }
    if (codes.length > 0) {
      const list = element('ul', 'codes');
      for (const { code, used_at } of codes)
        list.append(element('li', used_at ? 'used' : '', used_at ? `${code} (${text.used})` : code));
      block.append(element('h3', '', text.recovery_codes), list);
    }
  });
  block.append(button);
  return block;
}

function row(entry: Entry): Row {
  const item = element('li', 'account');
  if (entry.icon && entry.icon_mime && /^image\/(png|jpeg|webp|gif)$/.test(entry.icon_mime)) {
    const image = element('img', 'icon');
    image.alt = '';
    image.src = `data:${entry.icon_mime};base64,${entry.icon}`;
    item.append(image);
  }
  const title = element('div', 'title');
  title.append(element('h2', '', entry.issuer || entry.name));
  if (entry.issuer) title.append(element('p', 'name', entry.name));
  const code = element('output', 'code');
  const left = element('span', 'left');
  item.append(title, code, left);
  const extras = secretsBlock(entry);
  if (extras) item.append(extras);
  const search = `${entry.issuer} ${entry.name}`.toLowerCase();
  return { entry, item, code, left, search, step: -1 };
}

function group(code: string): string {
  return code.length > 4
    ? `${code.slice(0, Math.ceil(code.length / 2))} ${code.slice(Math.ceil(code.length / 2))}`
    : code;
}

function refresh(rows: readonly Row[]) {
  const now = Date.now() / 1000;
  for (const current of rows) {
    const { entry } = current;
    if (entry.type === 'hotp') {
      if (current.step === -1) {
        const counter = entry.info.counter ?? 0;
        current.code.textContent = group(otpCode(entry, counter) ?? '—');
        current.left.textContent = text.counter.replace(':counter', String(counter));
        current.step = counter;
      }
      continue;
    }
    const period = periodOf(entry);
    const step = Math.floor(now / period);
    if (step !== current.step) {
      current.step = step;
      current.code.textContent = group(otpCode(entry, step) ?? '—');
    }
    current.left.textContent = `${Math.ceil(period - (now % period))} s`;
  }
}

function showAccounts(entries: readonly Entry[]) {
  const list = byId<HTMLUListElement>('accounts');
  const rows = entries.map(row);
  list.append(...rows.map(({ item }) => item));
  const empty = byId('empty');
  const search = byId<HTMLInputElement>('search');
  search.addEventListener('input', () => {
    const query = search.value.trim().toLowerCase();
    let shown = 0;
    for (const current of rows) {
      current.item.hidden = !current.search.includes(query);
      if (!current.item.hidden) shown++;
    }
    empty.hidden = shown > 0;
  });
  empty.hidden = rows.length > 0;
  refresh(rows);
  setInterval(() => refresh(rows), 1000);
  byId('unlock').hidden = true;
  byId('viewer').hidden = false;
  search.focus();
}

byId<HTMLFormElement>('unlock').addEventListener('submit', (event) => {
  event.preventDefault();
  const password = byId<HTMLInputElement>('password');
  const button = byId<HTMLButtonElement>('open');
  const error = byId('error');
  error.textContent = '';
  button.disabled = true;
  openVault(data.vault, password.value)
    .then(({ db }) => {
      password.value = '';
      const entries = (db as { entries?: Entry[] }).entries ?? [];
      showAccounts(entries.filter((entry) => entry && entry.info && typeof entry.info.secret === 'string'));
    })
    .catch(() => {
      error.textContent = text.wrong;
      button.disabled = false;
      password.select();
    });
});
