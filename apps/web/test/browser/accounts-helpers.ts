import { createHmac } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import type { Locator, Page } from 'playwright-core';

export const SECRET = 'A4GRFHVVRBGY7UIW';
export const STEAM_SECRET = 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE';

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226 HOTP. */
export function hotp(secret: string, counter: number, digits = 6, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac(algorithm, base32Decode(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  const code = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

/** RFC 6238 TOTP at a Unix time in seconds. */
export function totp(secret: string, seconds: number, period = 30, digits = 6, algorithm = 'sha1'): string {
  return hotp(secret, Math.floor(seconds / period), digits, algorithm);
}

/** Steam Guard: the HOTP value written in Steam's 26-character alphabet, 5 characters. */
export function steam(secret: string, seconds: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  let code = hmac.readUInt32BE(offset) & 0x7fffffff;
  const alphabet = '23456789BCDFGHJKMNPQRTVWXY';
  let out = '';
  for (let index = 0; index < 5; index++) {
    out += alphabet[code % alphabet.length];
    code = Math.floor(code / alphabet.length);
  }
  return out;
}

/**
 * Reads the code of the OTP dialog and checks it against the algorithm at that moment: the time is
 * taken before and after reading, so a period boundary in between is not a failure.
 */
export async function readCode(
  page: Page,
  scope: Locator = page.getByRole('dialog'),
): Promise<{ code: string; before: number; after: number }> {
  const before = Date.now() / 1000;
  const text = await scope.getByRole('status', { name: 'One-time password' }).innerText();
  const after = Date.now() / 1000;
  return { code: text.replace(/\s+/g, ''), before, after };
}

export const tmp = mkdtempSync(path.join(tmpdir(), 'twofold-accounts-'));

/** Registers the one user through the registration screen and ends signed in. */
export async function signUp(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/register`);
  await page.getByLabel('Name', { exact: true }).fill('Jane');
  await page.getByLabel('Email', { exact: true }).fill('jane@example.com');
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await page.getByLabel('Confirm password', { exact: true }).fill('correct horse battery');
  await page.getByRole('button', { name: 'Register' }).click();
  // The other screen flow may offer to register a security device first.
  const later = page
    .getByRole('button', { name: 'Maybe later' })
    .or(page.getByRole('link', { name: 'Maybe later' }));
  await Promise.race([
    page.waitForURL(/\/(start|accounts)$/, { timeout: 20_000 }),
    later
      .first()
      .waitFor({ timeout: 20_000 })
      .then(() => later.first().click()),
  ]);
  await page.waitForURL(/\/(start|accounts)$/);
}

/** An API call in the page's session (cookie + CSRF header), for setting up data quickly. */
export async function apiCall(page: Page, method: string, url: string, data?: unknown): Promise<unknown> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(url, {
    method,
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(token),
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}

export async function createAccount(
  page: Page,
  url: string,
  body: Record<string, unknown>,
): Promise<{ id: number }> {
  return (await apiCall(page, 'POST', `${url}/api/v1/twofaccounts`, body)) as { id: number };
}

/** A group through the API, holding the given accounts. */
export async function createGroup(
  page: Page,
  url: string,
  name: string,
  accountIds: readonly number[] = [],
): Promise<{ id: number }> {
  const group = (await apiCall(page, 'POST', `${url}/api/v1/groups`, { name })) as { id: number };
  if (accountIds.length > 0)
    await apiCall(page, 'POST', `${url}/api/v1/groups/${group.id}/assign`, { ids: accountIds });
  return group;
}

export async function setSetting(page: Page, url: string, key: string, value: unknown): Promise<void> {
  await apiCall(page, 'PUT', `${url}/api/v1/settings/${key}`, { value });
}

/**
 * Opens the accounts screen on the server's settings after a change through the API, for a setting
 * the accounts screen does not show. A (re)load shows the settings kept from the last visit at once,
 * then the server's: acting at once would meet the old ones. The Options screen is the sign: once
 * `shown` finds the new value there, the app's own link leads to the accounts without a reload, on
 * the same settings (every setting comes in the one list, so one value shown proves them all).
 */
export async function accountsOnServerSettings(
  page: Page,
  url: string,
  shown: (page: Page) => Promise<void>,
): Promise<void> {
  await page.goto(`${url}/settings/options`);
  await shown(page);
  await page.getByRole('link', { name: 'Back to accounts' }).click();
  await page.waitForURL(/\/accounts(\?|$)/);
}

/** For `accountsOnServerSettings`: the Options screen's switch of that label shows on (or off). */
export function switchShown(label: string, on = true): (page: Page) => Promise<void> {
  return (page) => page.getByRole('switch', { name: label, exact: true, checked: on }).waitFor();
}

/** For `accountsOnServerSettings`: the Options screen's list of that label shows a choice of that text. */
export function choiceShown(label: string, choice: string): (page: Page) => Promise<void> {
  return (page) =>
    page
      .getByRole('combobox', { name: label, exact: true })
      .locator('option:checked')
      .filter({ hasText: choice })
      .waitFor({ state: 'attached' });
}

/**
 * An account whose row shows its code in the list (codes on request: off), after a first visit:
 * the settings this browser keeps for its next load say so. Returns the row.
 */
export async function rowWithListedCode(page: Page, url: string, service: string): Promise<Locator> {
  await createAccount(page, url, { service, account: 'ada', otp_type: 'totp', secret: SECRET });
  await setSetting(page, url, 'getOtpOnRequest', false);
  await page.goto(`${url}/accounts`);
  const row = page
    .getByRole('list', { name: 'Accounts' })
    .getByRole('button', { name: new RegExp(`^${service}`) });
  await row.locator('.list-code-value').waitFor();
  return row;
}

/** Runs `act` while the page's requests for the settings list are held back (released after). */
export async function whileSettingsHeld(page: Page, act: () => Promise<void>): Promise<void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/api\/v1\/settings(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await act();
  } finally {
    release();
  }
}

/** A PNG of a QR code holding the text. */
export async function qrPng(text: string, name: string): Promise<string> {
  const file = path.join(tmp, `${name}.png`);
  writeFileSync(file, await QRCode.toBuffer(text, { type: 'png', margin: 4, scale: 8 }));
  return file;
}

/**
 * A Y4M video (the format of Chromium's fake camera) showing the QR code: a text header, then raw
 * I420 frames (the luma plane, then quarter-size chroma planes at neutral 128).
 */
export function qrY4m(text: string, name: string, width = 640, height = 480, frames = 4): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (size + quiet * 2));
  const left = Math.floor((width - size * scale) / 2);
  const top = Math.floor((height - size * scale) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        luma.fill(
          16,
          (top + row * scale + y) * width + left + col * scale,
          (top + row * scale + y) * width + left + (col + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const file = path.join(tmp, `${name}.y4m`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return file;
}

/** A Google Authenticator migration URI (its protobuf payload written by hand, field by field). */
export function migrationUri(
  entries: readonly {
    secret: string;
    name: string;
    issuer: string;
    type: number;
    algorithm?: number;
    digits?: number;
  }[],
): string {
  const varint = (value: number) => {
    const bytes: number[] = [];
    let rest = value;
    while (rest > 0x7f) {
      bytes.push((rest & 0x7f) | 0x80);
      rest >>>= 7;
    }
    bytes.push(rest);
    return Buffer.from(bytes);
  };
  const field = (number: number, payload: Buffer) =>
    Buffer.concat([varint((number << 3) | 2), varint(payload.length), payload]);
  const int = (number: number, value: number) => Buffer.concat([varint(number << 3), varint(value)]);
  const parameters = entries.map((entry) =>
    field(
      1,
      Buffer.concat([
        field(1, base32Decode(entry.secret)),
        field(2, Buffer.from(entry.name)),
        field(3, Buffer.from(entry.issuer)),
        int(4, entry.algorithm ?? 1),
        int(5, entry.digits ?? 1),
        int(6, entry.type),
      ]),
    ),
  );
  const payload = Buffer.concat([...parameters, int(2, 1), int(3, 1), int(4, 0), int(5, 7)]);
  return `otpauth-migration://offline?data=${encodeURIComponent(payload.toString('base64'))}`;
}

/** A distinct base32 secret per account (derived, so a run is repeatable). */
export function secretOf(index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let seed = (index + 1) * 2654435761;
  let secret = '';
  for (let i = 0; i < 32; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    secret += alphabet[seed % 32];
  }
  return secret;
}

/** Creates the TOTP accounts `Service from` .. `Service to - 1` through the API, 25 at a time. */
export async function seedAccounts(page: Page, url: string, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, to - start) }, (_, k) =>
        apiCall(page, 'POST', `${url}/api/v1/twofaccounts`, {
          otp_type: 'totp',
          service: `Service ${start + k}`,
          account: `user${start + k}@example.com`,
          secret: secretOf(start + k),
        }),
      ),
    );
  }
}
