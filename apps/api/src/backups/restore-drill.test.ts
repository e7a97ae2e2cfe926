import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hotpCode } from '@twofold/otp';
import { beforeEach, expect, it } from 'vitest';
import { asSignedInUser, bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { deleteEverything } from '../users/users.queries.js';
import { startBackupScheduler } from './backup-scheduler.js';

/*
 * The restore drill, end to end: accounts of every type with groups, an icon and a used HOTP
 * counter; a backup made by the schedule; the data gone (a fresh instance); the backup imported
 * with its password; the same codes, groups and icon afterwards.
 */

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SECRET = 'A4GRFHVVRBGY7UIW';
const STEAM = 'XJGTDRUUKZH3X7TQN2QZUGCGXZCC5LXE';
const PASSWORD = 'backup password';

interface Account {
  id: number;
  service: string;
  account: string;
  otp_type: string;
  group_id: number | null;
  icon: string | null;
  counter: number | null;
  period: number | null;
  digits: number;
  algorithm: string;
}
interface Row extends Omit<Account, 'group_id'> {
  secret: string;
  group: string | null;
}

describeEachDatabase('backups: schedule and restore drill', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  // The backup password is the signed-in user's only (refused to tokens).
  const signedIn = asSignedInUser(t);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('the schedule backs up when due, not before, then the backup restores everything', async () => {
    // The accounts, in two groups, one with an icon; the HOTP counter used twice.
    const work = (await call('POST', '/api/v1/groups', { name: 'Work' })).json<{ id: number }>().id;
    const games = (await call('POST', '/api/v1/groups', { name: 'Games' })).json<{ id: number }>().id;
    const form = multipart([{ name: 'icon', value: PNG, filename: 'i.png', contentType: 'image/png' }]);
    const icon = (await call('POST', '/api/v1/icons', form.payload, form.headers)).json<{
      filename: string;
    }>();
    const create = async (body: Record<string, unknown>) => {
      const response = await call('POST', '/api/v1/twofaccounts', body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Account>().id;
    };
    const totpId = await create({
      service: 'Mail',
      account: 'alice',
      otp_type: 'totp',
      secret: SECRET,
      digits: 8,
      algorithm: 'sha256',
      period: 60,
      group_id: work,
      icon: icon.filename,
    });
    const hotpId = await create({
      service: 'Bank',
      account: 'bob',
      otp_type: 'hotp',
      secret: SECRET,
      counter: 3,
    });
    const steamId = await create({
      service: 'Steam',
      account: 'gamer',
      otp_type: 'steamtotp',
      secret: STEAM,
      group_id: games,
    });
    await call('GET', `/api/v1/twofaccounts/${hotpId}/otp`);
    await call('GET', `/api/v1/twofaccounts/${hotpId}/otp`);
    const codesAt = t.clock.now();
    const codesBefore = {
      totp: (await call('GET', `/api/v1/twofaccounts/${totpId}/otp`)).json<{ password: string }>().password,
      steam: (await call('GET', `/api/v1/twofaccounts/${steamId}/otp`)).json<{ password: string }>().password,
    };

    // The schedule: nothing without a password; daily once one is set.
    await call('PUT', '/api/v1/backups/settings', { frequency: 'daily' });
    const scheduler = await startBackupScheduler(t.app.deps, 3_600_000);
    try {
      await scheduler.tick();
      expect((await call('GET', '/api/v1/backups')).json()).toEqual([]);
      expect((await signedIn('PUT', '/api/v1/backups/password', { password: PASSWORD })).statusCode).toBe(
        204,
      );
      await scheduler.tick();
      expect((await call('GET', '/api/v1/backups')).json<unknown[]>()).toHaveLength(1);
      t.clock.advance(23 * 3600);
      await scheduler.tick();
      expect((await call('GET', '/api/v1/backups')).json<unknown[]>()).toHaveLength(1);
      t.clock.advance(3600);
      await scheduler.tick();
      expect((await call('GET', '/api/v1/backups')).json<unknown[]>()).toHaveLength(2);
    } finally {
      scheduler.stop();
    }
    const settings = (await call('GET', '/api/v1/backups/settings')).json<{ last_run: { status: string } }>();
    expect(settings.last_run.status).toBe('success');
    const [newest] = (await call('GET', '/api/v1/backups')).json<{ name: string; accounts: number }[]>();
    expect(newest?.accounts).toBe(3);
    const file = readFileSync(path.join(t.config.backupDir, newest?.name ?? ''));

    // A fresh instance: every account, group, icon and setting gone, a new user.
    await t.db.transaction().execute((trx) => deleteEverything(trx));
    token = await createUserWithToken(t.db);
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toEqual([]);

    // The backup through the import, with its password; groups made from the rows' proposals.
    const wrong = multipart([
      { name: 'file', value: file, filename: 'backup.json' },
      { name: 'password', value: 'not the password' },
    ]);
    expect(
      (await call('POST', '/api/v1/twofaccounts/migration', wrong.payload, wrong.headers)).statusCode,
    ).toBe(422);
    const upload = multipart([
      { name: 'file', value: file, filename: 'backup.json' },
      { name: 'password', value: PASSWORD },
      { name: 'withSecret', value: '1' },
    ]);
    const rows = (await call('POST', '/api/v1/twofaccounts/migration', upload.payload, upload.headers)).json<
      Row[]
    >();
    expect(rows.map((row) => row.id)).toEqual([0, 0, 0]);
    const groupIds = new Map<string, number>();
    for (const row of rows) {
      let group_id: number | null = null;
      if (row.group) {
        group_id =
          groupIds.get(row.group) ??
          (await call('POST', '/api/v1/groups', { name: row.group })).json<{ id: number }>().id;
        groupIds.set(row.group, group_id);
      }
      const { id: _id, group: _group, ...fields } = row;
      expect((await call('POST', '/api/v1/twofaccounts', { ...fields, group_id })).statusCode).toBe(201);
    }

    // The same accounts, groups, icon and codes.
    const restored = (await call('GET', '/api/v1/twofaccounts')).json<Account[]>();
    const byService = new Map(restored.map((account) => [account.service, account]));
    const groups = (await call('GET', '/api/v1/groups')).json<{ id: number; name: string }[]>();
    const groupName = (id: number | null) => groups.find((group) => group.id === id)?.name ?? null;
    const mail = byService.get('Mail');
    expect(mail).toMatchObject({ otp_type: 'totp', digits: 8, algorithm: 'sha256', period: 60 });
    expect(groupName(mail?.group_id ?? null)).toBe('Work');
    expect(mail?.icon).not.toBeNull();
    const served = await t.app.inject({ method: 'GET', url: `/storage/icons/${mail?.icon ?? ''}` });
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(groupName(byService.get('Steam')?.group_id ?? null)).toBe('Games');
    expect(byService.get('Bank')).toMatchObject({ otp_type: 'hotp', counter: 5, group_id: null });

    // Codes at the moment they were read before the backup (the schedule moved the clock a day).
    t.clock.set(codesAt);
    const otp = async (service: string) =>
      (await call('GET', `/api/v1/twofaccounts/${byService.get(service)?.id}/otp`)).json<{
        password: string;
      }>().password;
    expect(await otp('Mail')).toBe(codesBefore.totp);
    expect(await otp('Steam')).toBe(codesBefore.steam);
    const expectedHotp = hotpCode(
      { otp_type: 'hotp', secret: SECRET, digits: 6, algorithm: 'sha1', period: 30 },
      5,
    );
    expect(expectedHotp.ok && (await otp('Bank'))).toBe(expectedHotp.ok && expectedHotp.value);
  });
});
