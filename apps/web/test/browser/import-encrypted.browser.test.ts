import { createCipheriv, pbkdf2Sync, randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { apiCall, tmp } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/*
 * Encrypted exports through the import screen: the password prompt naming the app, a wrong
 * password (the field error), the right one, the rows, 'Import all', and the accounts stored in
 * the groups the export proposes (created on the way). The files are built here with node:crypto
 * following each app's layout, with small KDF parameters (Aegis scrypt N = 1024).
 */

const SECRET_A = 'JBSWY3DPEHPK3PXP';
const SECRET_B = 'A4GRFHVVRBGY7UIW';

function gcm(key: Buffer, iv: Buffer, plain: Buffer) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { data, tag: cipher.getAuthTag() };
}

/** An Aegis vault (db v3, one group) under a scrypt password slot, N = 1024. */
function aegisFile(password: string): string {
  const group = randomUUID();
  const entry = (issuer: string, name: string, secret: string, groups: string[]) => ({
    type: 'totp',
    uuid: randomUUID(),
    name,
    issuer,
    icon: null,
    groups,
    info: { secret, algo: 'SHA1', digits: 6, period: 30 },
  });
  const db = {
    version: 3,
    entries: [entry('AegisCorp', 'alice', SECRET_A, [group]), entry('AegisFree', 'bob', SECRET_B, [])],
    groups: [{ uuid: group, name: 'Aegis Work' }],
  };
  const master = randomBytes(32);
  const salt = randomBytes(32);
  const key = scryptSync(password, salt, 32, { N: 1024, r: 8, p: 1 });
  const slotIv = randomBytes(12);
  const wrapped = gcm(key, slotIv, master);
  const dbIv = randomBytes(12);
  const sealed = gcm(master, dbIv, Buffer.from(JSON.stringify(db)));
  const vault = {
    version: 1,
    header: {
      slots: [
        {
          type: 1,
          uuid: randomUUID(),
          key: wrapped.data.toString('hex'),
          key_params: { nonce: slotIv.toString('hex'), tag: wrapped.tag.toString('hex') },
          n: 1024,
          r: 8,
          p: 1,
          salt: salt.toString('hex'),
        },
      ],
      params: { nonce: dbIv.toString('hex'), tag: sealed.tag.toString('hex') },
    },
    db: sealed.data.toString('base64'),
  };
  const file = path.join(tmp, 'aegis-encrypted.json');
  writeFileSync(file, JSON.stringify(vault));
  return file;
}

/** A 2FAS v4 backup with `servicesEncrypted` (PBKDF2-SHA256 ×10 000, AES-GCM) and a group. */
function twoFasFile(password: string): string {
  const salt = randomBytes(256);
  const key = pbkdf2Sync(password, salt, 10_000, 32, 'sha256');
  const b64 = (bytes: Buffer) => bytes.toString('base64');
  const part = (plain: string) => {
    const iv = randomBytes(12);
    const { data, tag } = gcm(key, iv, Buffer.from(plain));
    return `${b64(Buffer.concat([data, tag]))}:${b64(salt)}:${b64(iv)}`;
  };
  const service = (issuer: string, account: string, secret: string, groupId?: string) => ({
    name: issuer,
    secret,
    updatedAt: 1702934567518,
    otp: { account, issuer, digits: 6, period: 30, algorithm: 'SHA1', tokenType: 'TOTP', source: 'Manual' },
    order: { position: 0 },
    ...(groupId ? { groupId } : {}),
  });
  const backup = {
    services: [],
    groups: [{ id: 'G-2FAS', name: '2FAS Home', isExpanded: true }],
    schemaVersion: 4,
    appVersionCode: 5000009,
    appOrigin: 'android',
    servicesEncrypted: part(
      JSON.stringify([
        service('TwoFasBank', 'carol', SECRET_A, 'G-2FAS'),
        service('TwoFasMail', 'dave', SECRET_B),
      ]),
    ),
    reference: part(
      'tRViSsLKzd86Hprh4ceC2OP7xazn4rrt4xhfEUbOjxLX8Rc3mkISXE0lWbmnWfggogbBJhtYgpK6fMl1D6mtsy92R3HkdGfwuXbzLebqVFJsR7IZ2w58t938iymwG4824igYy1wi6n2WDpO1Q1P69zwJGs2F5a1qP4MyIiDSD7NCV2OvidXQCBnDlGfmz0f1BQySRkkt4ryiJeCjD2o4QsveJ9uDBUn8ELyOrESv5R5DMDkD4iAF8TXU7KyoJujd',
    ),
  };
  const file = path.join(tmp, '2fas-encrypted.2fas');
  writeFileSync(file, JSON.stringify(backup));
  return file;
}

describe('importing encrypted exports through the import screen', () => {
  // Each test starts signed in, with no account and no group.
  const session = perTestSessions({ setUp: ({ page }, server) => registerByApi(page, server.url) });

  async function importEncrypted(page: Page, file: string, app: string, password: string) {
    const { server } = session;
    await page.goto(`${server.url}/account/import`);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload an export file' }).click();
    await (await chooser).setFiles(file);
    const prompt = page.getByRole('form', { name: `Password of the ${app} export` });
    await prompt.waitFor();
    await prompt.getByLabel('Export password').fill('not the password');
    await prompt.getByRole('button', { name: 'Decrypt' }).click();
    await prompt.getByText(`Wrong password, the ${app} data cannot be decrypted`).waitFor();
    await screenshots(page, `import-${app.replace(/\W/g, '')}-wrong-password`);
    await prompt.getByLabel('Export password').fill(password);
    await prompt.getByRole('button', { name: 'Decrypt' }).click();
    await page.getByText('2 valid accounts found').waitFor();
  }

  async function importAllAndCheck(page: Page, expected: [string, string, string | null][]) {
    const { server } = session;
    const rows = page.getByRole('list', { name: 'Accounts found' }).getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    for (const [service, , group] of expected) {
      await rows.filter({ hasText: service }).waitFor();
      if (group) await rows.filter({ hasText: service }).getByText(`Group: ${group}`).waitFor();
    }
    await page.getByRole('button', { name: 'Import all (2)' }).click();
    await expect.poll(() => rows.filter({ hasText: 'Imported' }).count()).toBe(2);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL(/\/accounts/);
    const list = page.getByRole('list', { name: 'Accounts' });
    // The row's button (its favourites star, after it, names the service too).
    for (const [service] of expected)
      await list.getByRole('button', { name: new RegExp(`^${service}`) }).waitFor();
    const groups = (await apiCall(page, 'GET', `${server.url}/api/v1/groups`)) as {
      id: number;
      name: string;
    }[];
    const accounts = (await apiCall(page, 'GET', `${server.url}/api/v1/twofaccounts`)) as {
      service: string;
      account: string;
      group_id: number | null;
    }[];
    for (const [service, account, group] of expected) {
      const stored = accounts.find((item) => item.service === service);
      expect(stored?.account).toBe(account);
      const groupId = group === null ? null : (groups.find((item) => item.name === group)?.id ?? -1);
      expect([service, stored?.group_id]).toEqual([service, groupId]);
    }
  }

  it('Aegis: prompt, wrong password, right password, rows, Import all, accounts in their group', async () => {
    const { page } = session;
    await importEncrypted(page, aegisFile('aegis pw'), 'Aegis', 'aegis pw');
    await screenshots(page, 'import-aegis-rows');
    await importAllAndCheck(page, [
      ['AegisCorp', 'alice', 'Aegis Work'],
      ['AegisFree', 'bob', null],
    ]);
  });

  it('2FAS: prompt, wrong password, right password, rows, Import all, accounts in their group', async () => {
    const { page } = session;
    await importEncrypted(page, twoFasFile('2fas pw'), '2FAS Auth', '2fas pw');
    await importAllAndCheck(page, [
      ['TwoFasBank', 'carol', '2FAS Home'],
      ['TwoFasMail', 'dave', null],
    ]);
  });
  it('pasted text: a Bitwarden CSV, its skipped item counted', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/import`);
    const csv = [
      'folder,favorite,type,name,notes,fields,login_uri,login_username,login_password,login_totp',
      `Pasted,,login,PasteBank,,,,paula,,otpauth://totp/PasteBank:paula?secret=${SECRET_A}`,
      ',,note,A secure note,,,,,,',
    ].join('\n');
    await page.getByLabel('Or paste the exported text').fill(csv);
    await page.getByRole('button', { name: 'Read the text' }).click();
    await page.getByText('1 valid account found').waitFor();
    await page.getByRole('list', { name: 'About this import' }).getByText('1 entry skipped').waitFor();
    await page.getByText('Group: Pasted').waitFor();
  });

  it('a dropped Bitwarden export bound to its account key is explained, not asked for', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/account/import`);
    const bound = JSON.stringify({
      encrypted: true,
      encKeyValidation_DO_NOT_EDIT: '2.a|b|c',
      data: '2.a|b|c',
    });
    await page.getByRole('region', { name: 'Drop an export file' }).waitFor();
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'bitwarden.json', { type: 'application/json' }));
      const zone = document.querySelector('.import-drop');
      zone?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bound);
    await page.getByText('This Bitwarden export cannot be opened').waitFor();
    await expect.poll(() => page.getByLabel('Export password').count()).toBe(0);
    await screenshots(page, 'import-account-key');
  });
});
