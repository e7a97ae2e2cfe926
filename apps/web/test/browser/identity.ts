import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/** The one user of the journeys. */
export const USER = { name: 'Ada', email: 'ada@example.com', password: 'correct horse battery' } as const;

/** Registers the user through the API with the page's cookies (so the page is signed in afterwards). */
export async function registerByApi(page: Page, baseUrl: string): Promise<void> {
  await page.request.get(`${baseUrl}/refresh-csrf`);
  const cookies = await page.context().cookies(baseUrl);
  const token = decodeURIComponent(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.post(`${baseUrl}/user`, {
    headers: { 'X-XSRF-TOKEN': token, Accept: 'application/json' },
    data: { ...USER, password_confirmation: USER.password },
  });
  if (response.status() !== 201)
    throw new Error(`registration failed: ${response.status()} ${await response.text()}`);
}

/** Registers the user through the API, then drops the session: the page starts signed out. */
export async function registerSignedOut(page: Page, baseUrl: string): Promise<void> {
  await registerByApi(page, baseUrl);
  await page.context().clearCookies();
}

/** Signs in through the login screen's password form. */
export async function signInWithPassword(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email', { exact: true }).fill(USER.email);
  await page.getByLabel('Password', { exact: true }).fill(USER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/accounts|\/start/);
}

/** Signs out through the footer, confirming. */
export async function signOutThroughFooter(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  // The sign-in screen then starts from a fresh anonymous session (login's forceRefresh).
  const freshCsrf = page.waitForRequest((request) => request.url().endsWith('/refresh-csrf'));
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login/);
  await freshCsrf;
}

/** The newest mail the server wrote into DATA_DIR/mail (no SMTP configured), decoded to text. */
export function lastMail(dataDir: string): string {
  const folder = path.join(dataDir, 'mail');
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  const newest = files.at(-1);
  if (!newest) throw new Error('no mail was written');
  const raw = readFileSync(path.join(folder, newest), 'utf8');
  // Quoted-printable soft line breaks and escapes (the link may be wrapped).
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of a mail that starts with the given URL prefix. */
export function linkIn(mail: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>]+`).exec(mail);
  if (!match) throw new Error(`no link starting with ${prefix} in:\n${mail}`);
  return match[0].replace(/&amp;/g, '&');
}
