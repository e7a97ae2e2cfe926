import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { john, registerWithSession, type SessionClient } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { openAegis } from '../test/aegis-reader.js';
import { TWOFAUTH_JSON } from '../import-export/fixtures.js';

const SECRET = 'A4GRFHVVRBGY7UIW';
const PASSWORD = 'backup-pass-1';
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Entry {
  name: string;
  note: string;
  icon: string | null;
  info: { secret: string };
}

/** The vault in the page's data block, opened with node:crypto (the Aegis format's description). */
function entriesOf(html: string, password: string): Entry[] {
  const json = /<script type="application\/json" id="twofold-data">([^<]*)<\/script>/.exec(html)![1]!;
  return openAegis<Entry>((JSON.parse(json) as { vault: unknown }).vault, password).entries;
}

describeEachDatabase('the break-glass file', (t) => {
  const dir = () => t.config.backupDir;
  let client: SessionClient;
  beforeEach(async () => {
    rmSync(dir(), { recursive: true, force: true });
    client = await registerWithSession(t);
  });

  /** One account with an icon, a note and a recovery code; the backup password set. */
  async function withAccount() {
    expect((await client.request('PUT', '/api/v1/backups/password', { password: PASSWORD })).statusCode).toBe(
      204,
    );
    const payload = {
      ...TWOFAUTH_JSON,
      data: [{ ...TWOFAUTH_JSON.data[0]!, account: 'x', icon: 'x', icon_mime: 'image/png', icon_file: PNG }],
    };
    const [preview] = (
      await client.request('POST', '/api/v1/twofaccounts/migration', { payload: JSON.stringify(payload) })
    ).json<{ icon: string }[]>();
    expect(preview!.icon).toMatch(/\.png$/);
    const account = (
      await client.request('POST', '/api/v1/twofaccounts', {
        account: 'alice',
        service: 'Mail',
        otp_type: 'totp',
        secret: SECRET,
        icon: preview!.icon,
      })
    ).json<{ id: number; icon: string | null }>();
    expect(account.icon).toBe(preview!.icon);
    await client.request('PUT', `/api/v1/twofaccounts/${account.id}/recovery`, {
      note: 'The blue phone',
      recovery_codes: [{ code: 'zz-99' }],
    });
  }

  it('downloads after the identity confirmation: a page holding the sealed accounts, nothing in clear', async () => {
    await withAccount();
    const refused = await client.request('GET', '/api/v1/backups/break-glass');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ reason: 'identity_confirmation_required' });
    expect((await client.request('POST', '/user/confirm', { password: john.password })).statusCode).toBe(200);

    const file = await client.request('GET', '/api/v1/backups/break-glass', undefined, {
      'accept-language': 'de',
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="twofold-break-glass-20231114T221320Z.html"',
    );
    expect(file.body).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
    expect(file.body).toContain('<html lang="de" dir="ltr">');
    expect(file.body).toContain('Notfallkopie');
    for (const clear of [SECRET, 'The blue phone', 'zz-99', 'alice']) expect(file.body).not.toContain(clear);
    const [entry] = entriesOf(file.body, PASSWORD);
    expect(entry).toMatchObject({
      name: 'alice',
      note: 'The blue phone',
      icon: null,
      info: { secret: SECRET },
    });
  });

  it('answers 409 without a backup password', async () => {
    await client.request('POST', '/user/confirm', { password: john.password });
    const refused = await client.request('GET', '/api/v1/backups/break-glass');
    expect(refused.statusCode).toBe(409);
  });

  it('is written beside each backup when the setting is on, and never listed as a backup', async () => {
    await withAccount();
    expect((await client.request('GET', '/api/v1/backups/settings')).json()).toMatchObject({
      break_glass: false,
    });
    expect((await client.request('POST', '/api/v1/backups')).statusCode).toBe(201);
    expect(existsSync(path.join(dir(), 'twofold-break-glass.html'))).toBe(false);

    const on = await client.request('PUT', '/api/v1/backups/settings', { break_glass: true });
    expect(on.json()).toMatchObject({ break_glass: true });
    expect((await client.request('POST', '/api/v1/backups')).statusCode).toBe(201);
    const html = readFileSync(path.join(dir(), 'twofold-break-glass.html'), 'utf8');
    expect(entriesOf(html, PASSWORD).map((e) => e.name)).toEqual(['alice']);
    expect(readdirSync(dir()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const listed = (await client.request('GET', '/api/v1/backups')).json<{ name: string }[]>();
    expect(listed.map((b) => b.name).every((name) => name.endsWith('.json'))).toBe(true);
    expect(listed).toHaveLength(2);

    const wrong = await client.request('PUT', '/api/v1/backups/settings', { break_glass: 'sometimes' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: { break_glass: [expect.any(String)] } });
  });
});
