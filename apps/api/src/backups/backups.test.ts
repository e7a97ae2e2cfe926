import { createHash } from 'node:crypto';
import { readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { asSignedInUser, bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { gcmOpen, openAegis, slotKeyOf, type AegisVault } from '../test/aegis-reader.js';
import { TWOFAUTH_JSON } from '../import-export/fixtures.js';

const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

interface Entry {
  name: string;
  icon: string;
  icon_hash: string;
  groups: string[];
}

describeEachDatabase('backups', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  // The backup password is the signed-in user's only (refused to tokens).
  const signedIn = asSignedInUser(t);
  const dir = () => t.config.backupDir;
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    rmSync(dir(), { recursive: true, force: true });
  });

  it('refuses a backup without a password (409), then backs up, lists, downloads and deletes', async () => {
    const refused = await call('POST', '/api/v1/backups');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'No backup password is set: set one in Settings → Backups first.',
    });
    expect((await call('GET', '/api/v1/backups/settings')).json()).toMatchObject({
      password_set: false,
      frequency: 'off',
      keep: 14,
      last_run: null,
    });
    expect(
      (await signedIn('PUT', '/api/v1/backups/password', { password: 'backup-pass-1' })).statusCode,
    ).toBe(204);
    await call('POST', '/api/v1/twofaccounts', {
      account: 'alice',
      service: 'Mail',
      otp_type: 'totp',
      secret: 'A4GRFHVVRBGY7UIW',
    });
    const created = await call('POST', '/api/v1/backups');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      name: 'twofold-backup-20231114T221320Z.json',
      size: expect.any(Number),
      created_at: '2023-11-14T22:13:20.000000Z',
      accounts: 1,
    });
    const file = path.join(dir(), 'twofold-backup-20231114T221320Z.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = (await call('POST', '/api/v1/backups')).json<{ name: string }>();
    expect(second.name).toBe('twofold-backup-20231114T221320Z-1.json');
    const list = (await call('GET', '/api/v1/backups')).json<{ name: string; accounts: number }[]>();
    expect(list.map((e) => e.name)).toEqual([second.name, created.json<{ name: string }>().name]);
    expect(list[0]!.accounts).toBe(1);
    const download = await call('GET', `/api/v1/backups/${second.name}`);
    expect(download.statusCode).toBe(200);
    expect(openAegis(download.json(), 'backup-pass-1').entries).toHaveLength(1);
    expect((await call('DELETE', `/api/v1/backups/${second.name}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/backups/${second.name}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/backups/settings')).json()).toMatchObject({
      password_set: true,
      last_run: { status: 'success', name: second.name },
    });
  });

  it('changes the password only with the current one; old backups keep their password', async () => {
    await signedIn('PUT', '/api/v1/backups/password', { password: 'first-password' });
    const old = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    const missing = await signedIn('PUT', '/api/v1/backups/password', { password: 'second-password' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toHaveProperty('errors.current_password');
    // An empty current password is a missing one (the fuzzer's find: it was a 500).
    const empty = await signedIn('PUT', '/api/v1/backups/password', {
      password: 'second-password',
      current_password: '',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toHaveProperty('errors.current_password');
    const wrong = await signedIn('PUT', '/api/v1/backups/password', {
      password: 'second-password',
      current_password: 'nope-nope',
    });
    expect(wrong.json()).toEqual({
      message: 'The current backup password is wrong.',
      errors: { current_password: ['The current backup password is wrong.'] },
    });
    expect(
      (
        await signedIn('PUT', '/api/v1/backups/password', {
          password: 'second-password',
          current_password: 'first-password',
        })
      ).statusCode,
    ).toBe(204);
    t.clock.advance(60);
    const fresh = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    const oldVault = (await call('GET', `/api/v1/backups/${old}`)).json();
    const newVault = (await call('GET', `/api/v1/backups/${fresh}`)).json<AegisVault>();
    expect(() => openAegis(oldVault, 'second-password')).toThrow();
    expect(openAegis(oldVault, 'first-password').version).toBe(3);
    expect(openAegis(newVault, 'second-password').version).toBe(3);
    expect(newVault.header.params.nonce).not.toBe((oldVault as AegisVault).header.params.nonce);
    const row = await t.db.selectFrom('backup_settings').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('second-password');
  });

  it('a password change makes a new vault key: the old password and slot open no later backup', async () => {
    await signedIn('PUT', '/api/v1/backups/password', { password: 'password-a' });
    const old = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    const changed = await signedIn('PUT', '/api/v1/backups/password', {
      password: 'password-b',
      current_password: 'password-a',
    });
    expect(changed.statusCode).toBe(204);
    t.clock.advance(60);
    const fresh = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    const oldVault = (await call('GET', `/api/v1/backups/${old}`)).json<AegisVault>();
    const newVault = (await call('GET', `/api/v1/backups/${fresh}`)).json<AegisVault>();
    // The old file's password slot, opened with A, gives the key the old file was made with.
    const [slot] = oldVault.header.slots;
    const slotKey = slotKeyOf(slot!, 'password-a');
    const oldKey = gcmOpen(slotKey, slot!.key_params, Buffer.from(slot!.key, 'hex'));
    expect(
      gcmOpen(oldKey, oldVault.header.params, Buffer.from(oldVault.db, 'base64')).length,
    ).toBeGreaterThan(0);
    expect(() => gcmOpen(oldKey, newVault.header.params, Buffer.from(newVault.db, 'base64'))).toThrow();
    expect(() => openAegis(newVault, 'password-a')).toThrow();
    expect(openAegis(newVault, 'password-b').version).toBe(3);
    expect(openAegis(oldVault, 'password-a').version).toBe(3);
    expect(() => openAegis(oldVault, 'password-b')).toThrow();
    // The server no longer holds the old key: the list cannot count the old file's accounts.
    const list = (await call('GET', '/api/v1/backups')).json<{ name: string; accounts: number | null }[]>();
    expect(list.map((e) => [e.name, e.accounts])).toEqual([
      [fresh, 0],
      [old, null],
    ]);
  });

  it('holds every account with its group and icon, readable by an independent decryptor', async () => {
    await signedIn('PUT', '/api/v1/backups/password', { password: 'backup-pass-1' });
    const group = (await call('POST', '/api/v1/groups', { name: 'Work' })).json<{ id: number }>();
    const payload = {
      ...TWOFAUTH_JSON,
      data: [
        {
          ...TWOFAUTH_JSON.data[0]!,
          account: 'icon',
          icon: 'x',
          icon_mime: 'image/png',
          icon_file: PNG,
        },
      ],
    };
    const [row] = (
      await call('POST', '/api/v1/twofaccounts/migration', { payload: JSON.stringify(payload) })
    ).json<{ icon: string }[]>();
    const a = (
      await call('POST', '/api/v1/twofaccounts', {
        account: 'bob',
        service: 'Git',
        otp_type: 'totp',
        secret: 'JBSWY3DPEHPK3PXP',
        icon: row!.icon,
      })
    ).json<{ id: number }>();
    await call('POST', '/api/v1/twofaccounts', {
      account: 'carol',
      otp_type: 'hotp',
      secret: 'JBSWY3DPEHPK3PXP',
      counter: 5,
    });
    await call('POST', `/api/v1/groups/${group.id}/assign`, { ids: [a.id] });
    const name = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    const db = openAegis<Entry>((await call('GET', `/api/v1/backups/${name}`)).json(), 'backup-pass-1');
    expect(db.version).toBe(3);
    expect(db.groups).toEqual([{ uuid: expect.any(String), name: 'Work' }]);
    const bob = db.entries.find((e) => e.name === 'bob')!;
    expect(bob).toMatchObject({
      type: 'totp',
      issuer: 'Git',
      groups: [db.groups[0]!.uuid],
      icon_mime: 'image/png',
      info: { secret: 'JBSWY3DPEHPK3PXP' },
    });
    expect(bob.icon_hash).toBe(createHash('sha256').update(Buffer.from(bob.icon, 'base64')).digest('hex'));
    expect(db.entries.find((e) => e.name === 'carol')).toMatchObject({
      type: 'hotp',
      info: { counter: 5 },
      groups: [],
    });
  });

  it('keeps the configured number of backups, deleting only the oldest of its own files', async () => {
    await signedIn('PUT', '/api/v1/backups/password', { password: 'backup-pass-1' });
    expect((await call('PUT', '/api/v1/backups/settings', { keep: 2 })).json()).toMatchObject({ keep: 2 });
    writeFileSync(path.join(dir(), 'twofold-backup-20000101T000000Z.json.bak'), 'mine');
    writeFileSync(path.join(dir(), 'notes.txt'), 'mine');
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      names.push((await call('POST', '/api/v1/backups')).json<{ name: string }>().name);
      t.clock.advance(3600);
    }
    expect(readdirSync(dir()).sort()).toEqual(
      [...names.slice(2), 'notes.txt', 'twofold-backup-20000101T000000Z.json.bak'].sort(),
    );
    expect((await call('PUT', '/api/v1/backups/settings', { keep: 0 })).statusCode).toBe(422);
  });

  it('refuses names that are not its own backups (no path leaves the folder)', async () => {
    writeFileSync(path.join(path.dirname(dir()), 'secret.json'), '{}');
    for (const name of [
      '..%2Fsecret.json',
      '%2E%2E%2Fsecret.json',
      '..',
      '%2Fetc%2Fpasswd',
      'twofold-backup-20231114T221320Z.json%2F..',
      'twofold-backup-x.json',
      '%2Ftmp%2Ftwofold-backup-20231114T221320Z.json',
    ]) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await call(method, `/api/v1/backups/${name}`);
        expect([404], `${method} ${name}`).toContain(response.statusCode);
      }
    }
  });
});
