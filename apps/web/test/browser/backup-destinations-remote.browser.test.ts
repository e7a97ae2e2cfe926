import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3TestServer } from '../../../api/src/test/s3-server';
import { startSftpServer, type SftpTestServer } from '../../../api/src/test/sftp-server';
import { BACKUP_PASSWORD, readyForBackups } from './backup-helpers';
import { expectAccessible } from './axe';
import { screenshots } from './harness';
import { perTestSessions } from './per-test';

/*
 * Settings, Backups, Destinations against the real servers the API tests use, on loopback: an S3
 * server (npm s3rver behind a SigV4 check) and OpenSSH's sshd with its own host key. Each is added
 * through the form, backed up to (the last upload checked, with its size) and opened by the
 * restore drill; the SFTP host key is shown, confirmed, then changed on the server: refused, said
 * why, and confirmed again on purpose.
 */

let s3: S3TestServer;
let sftp: SftpTestServer;

beforeAll(async () => {
  [s3, sftp] = await Promise.all([startS3Server(), startSftpServer()]);
});

afterAll(async () => {
  await Promise.all([s3?.stop(), sftp?.stop()]);
});

/** The identity confirmation the server asks for before a destination changes (once in 5 minutes). */
async function confirmIdentityIfAsked(page: Page) {
  const group = page.getByRole('group', { name: 'Confirm', exact: true });
  await group.waitFor();
  await group.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await group.getByRole('button', { name: 'Confirm' }).click();
}

/** The restore drill on a destination opens its newest backup into the import preview. */
async function drill(page: Page, item: Locator, name: string) {
  await item.getByRole('button', { name: 'Restore drill' }).click();
  const form = page.getByRole('form', { name: `Restore drill on ${name}` });
  await form.getByLabel('Backup password').fill(BACKUP_PASSWORD);
  await form.getByRole('button', { name: 'Open it' }).click();
  await form.getByText('This backup opens: 1 account.').waitFor();
  await form.getByText('Kept (me)').waitFor();
}

describe('S3 and SFTP backup destinations in the settings', () => {
  const t = perTestSessions();

  it('backs up to S3 and SFTP, pins the SFTP host key, refuses another one and re-pins it on purpose', async () => {
    const { page, server } = t;
    const run = `run-${Date.now()}`;
    await readyForBackups(page, server.url);
    const destinations = page.getByRole('list', { name: 'Destinations' });

    // S3 (s3rver) on loopback.
    await page.getByRole('button', { name: 'Add a destination' }).click();
    let form = page.getByRole('form', { name: 'Add a destination' });
    await form.getByLabel('Kind').selectOption('s3');
    await form.getByLabel('Name', { exact: true }).fill('Bucket');
    // The address style follows the endpoint: virtual-hosted for AWS, path-style for the others.
    const pathStyle = form.getByLabel('Path-style addresses (MinIO and most self-hosted servers)');
    await form.getByLabel('Endpoint URL').fill('https://s3.eu-central-1.amazonaws.com');
    await expect.poll(() => pathStyle.isChecked()).toBe(false);
    await form.getByLabel('Endpoint URL').fill(s3.endpoint);
    await expect.poll(() => pathStyle.isChecked()).toBe(true);
    await form.getByLabel('Bucket', { exact: true }).fill(s3.bucket);
    await form.getByLabel('Prefix (a folder in the bucket)').fill(run);
    await form.getByLabel('Access key ID').fill(s3.accessKeyId);
    await form.getByLabel('Secret access key').fill(s3.secretAccessKey);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    await confirmIdentityIfAsked(page);
    const bucket = destinations.getByRole('listitem', { name: 'Bucket' });
    await bucket.getByText('No upload yet.').waitFor();
    await bucket.getByRole('button', { name: 'Test connection' }).click();
    await bucket.getByText('The connection works.').waitFor();

    // SFTP: the first test shows the server's key; nothing is sent before it is confirmed.
    const folder = path.join(sftp.dir, run);
    mkdirSync(folder);
    await page.getByRole('button', { name: 'Add a destination' }).click();
    form = page.getByRole('form', { name: 'Add a destination' });
    await form.getByLabel('Kind').selectOption('sftp');
    await form.getByLabel('Name', { exact: true }).fill('Shell');
    await form.getByLabel('Host', { exact: true }).fill(sftp.host);
    await form.getByLabel('Port', { exact: true }).fill(String(sftp.port));
    await form.getByLabel('User name').fill(sftp.username);
    await form.getByLabel('Remote folder').fill(folder);
    await form.getByLabel('Private key').fill(sftp.privateKey);
    await form.getByRole('button', { name: 'Add', exact: true }).click();
    const shell = destinations.getByRole('listitem', { name: 'Shell' });
    await shell.getByText(/^Host key not confirmed yet/).waitFor();
    await shell.getByRole('button', { name: 'Test connection' }).click();
    const firstKey = sftp.hostKeyFingerprint();
    await shell.getByRole('status').getByText(firstKey, { exact: true }).waitFor();
    await shell.getByRole('button', { name: 'Confirm this host key' }).click();
    await shell.getByText('The connection works.').waitFor();
    await shell.getByText(firstKey, { exact: true }).waitFor();

    // One backup goes to both, each read back and opened; the size is said in kilobytes.
    await page.getByRole('button', { name: 'Back up now' }).click();
    for (const item of [bucket, shell])
      await item.getByText(/^Last upload: .* · [\d.,]+ (kB|byte) · checked$/).waitFor();
    expect(readdirSync(folder).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    await drill(page, bucket, 'Bucket');
    await drill(page, shell, 'Shell');

    // The server is reinstalled with another host key: the next backup is refused there.
    await sftp.changeHostKey();
    const secondKey = sftp.hostKeyFingerprint();
    expect(secondKey).not.toBe(firstKey);
    await page.getByRole('button', { name: 'Back up now' }).click();
    await shell.getByText('Failing', { exact: true }).waitFor();
    await shell
      .getByText(/the server presents another host key than the one confirmed/)
      .first()
      .waitFor();
    expect(readdirSync(folder).filter((name) => name.endsWith('.json'))).toHaveLength(1);
    await shell.getByRole('button', { name: 'Test connection' }).click();
    const refusal = shell.getByRole('alert');
    await refusal.getByText(/the server presents another host key than the one confirmed/).waitFor();
    await refusal.getByText(secondKey, { exact: true }).waitFor();
    await screenshots(page, 'settings-backups-host-key-changed');
    // Both kinds shown, one succeeding and one failing with its alert open.
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectAccessible(page, `on Backups with S3 and a refused SFTP destination (${scheme})`);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Confirmed again on purpose, as the first key was: backups go there again.
    await refusal.getByRole('button', { name: 'Confirm this host key' }).click();
    await shell.getByText('The connection works.').waitFor();
    await shell.getByText(secondKey, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Back up now' }).click();
    await expect.poll(() => readdirSync(folder).filter((name) => name.endsWith('.json')).length).toBe(2);
    await expect.poll(() => shell.getByText('Failing', { exact: true }).count()).toBe(0);
  });
});
