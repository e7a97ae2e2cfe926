import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { asSignedInUser, bearerCaller, createUserWithToken, john } from '../../test/auth-helpers.js';
import { describeEachDatabase, type TestContext } from '../../test/harness.js';
import { TestHttpReceiver } from '../../test/http-receiver.js';
import { startS3Server, type S3TestServer } from '../../test/s3-server.js';
import { startSftpServer, type SftpTestServer } from '../../test/sftp-server.js';
import { startWebdavServer, type WebdavTestServer } from '../../test/webdav-server.js';
import { isBackupName } from '../backup-files.js';
import { startBackupScheduler } from '../backup-scheduler.js';

/*
 * Remote backup destinations against real servers on loopback: WebDAV (npm webdav-server), S3
 * (s3rver, which checks SigV4 signatures) and SFTP (OpenSSH's sshd, started by the test). Each
 * server starts once for the file; each test uses its own folder, bucket prefix or path.
 */

let webdav: WebdavTestServer;
let s3: S3TestServer;
let sftp: SftpTestServer;
const receiver = new TestHttpReceiver();
let hooks = '';
beforeAll(async () => {
  [webdav, s3, sftp, hooks] = await Promise.all([
    startWebdavServer(),
    startS3Server(),
    startSftpServer(),
    receiver.start(),
  ]);
});
afterAll(async () => {
  await Promise.all([webdav?.stop(), s3?.stop(), sftp?.stop(), receiver.stop()]);
});

interface DestinationView {
  id: number;
  kind: string;
  keep: number;
  has_password: boolean;
  has_secret_access_key: boolean;
  has_private_key: boolean;
  host_key: string | null;
  last_success: { name: string; size: number } | null;
  last_failure: { reason: string } | null;
}

type Kind = 'webdav' | 's3' | 'sftp';

/** A kind's destination body (a fresh folder each time) and where its files land on disk. */
function destinationOf(kind: Kind, run: string): { body: Record<string, unknown>; files: () => string } {
  if (kind === 'webdav') {
    return {
      body: {
        kind,
        label: 'dav',
        url: `${webdav.url}${run}/`,
        username: webdav.username,
        password: webdav.password,
      },
      files: () => path.join(webdav.dir, run),
    };
  }
  if (kind === 's3') {
    return {
      body: {
        kind,
        label: 's3',
        endpoint: s3.endpoint,
        bucket: s3.bucket,
        prefix: run,
        access_key_id: s3.accessKeyId,
        secret_access_key: s3.secretAccessKey,
        force_path_style: true,
      },
      files: () => path.join(s3.dir, s3.bucket, run),
    };
  }
  return {
    body: {
      kind,
      label: 'sftp',
      host: sftp.host,
      port: sftp.port,
      username: sftp.username,
      private_key: sftp.privateKey,
      path: path.join(sftp.dir, run),
    },
    files: () => path.join(sftp.dir, run),
  };
}

/** Names of our complete backups in a folder on disk (s3rver keeps `<key>._S3rver_object`). */
function backupsOnDisk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => name.replace(/\._S3rver_object$/, ''))
    .filter((name, index, all) => isBackupName(name) && all.indexOf(name) === index)
    .sort();
}

let runs = 0;
const WRONG_SECRET = 'not-the-secret-4f1c';

describeEachDatabase('backup destinations', (t: TestContext) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const signedIn = asSignedInUser(t);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    rmSync(t.config.backupDir, { recursive: true, force: true });
    receiver.reset();
    expect(
      (await signedIn('PUT', '/api/v1/backups/password', { password: 'backup-pass-1' })).statusCode,
    ).toBe(204);
    for (const account of ['alice', 'bob'])
      await call('POST', '/api/v1/twofaccounts', {
        account,
        service: 'Mail',
        otp_type: 'totp',
        secret: 'A4GRFHVVRBGY7UIW',
      });
  });

  const confirmIdentity = async () =>
    expect((await signedIn('POST', '/user/confirm', { password: john.password })).statusCode).toBe(200);

  /** Adds a destination of `kind` (a fresh folder); for SFTP, tests the connection and confirms the key. */
  async function addDestination(kind: Kind, extra: Record<string, unknown> = {}) {
    const run = `run-${++runs}`;
    const { body, files } = destinationOf(kind, run);
    if (kind !== 's3') mkdirSync(files(), { recursive: true });
    await confirmIdentity();
    const created = await signedIn('POST', '/api/v1/backups/destinations', { ...body, ...extra });
    expect(created.statusCode, created.body).toBe(201);
    const destination = created.json<DestinationView>();
    if (kind === 'sftp') {
      const first = (
        await signedIn('POST', `/api/v1/backups/destinations/${destination.id}/test`, {})
      ).json();
      expect(first).toEqual({
        ok: false,
        reason: null,
        host_key: sftp.hostKeyFingerprint(),
        host_key_confirmed: false,
      });
      const confirmed = await signedIn('POST', `/api/v1/backups/destinations/${destination.id}/test`, {
        host_key: sftp.hostKeyFingerprint(),
      });
      expect(confirmed.json()).toMatchObject({ ok: true, host_key_confirmed: true });
    } else {
      expect(
        (await signedIn('POST', `/api/v1/backups/destinations/${destination.id}/test`, {})).json(),
      ).toMatchObject({
        ok: true,
      });
    }
    return { id: destination.id, files };
  }

  const view = async (id: number) =>
    (await call('GET', '/api/v1/backups/destinations')).json<DestinationView[]>().find((d) => d.id === id)!;

  it('lists the local folder as a destination; credentials are write-only and changed from a session only', async () => {
    const list = (await call('GET', '/api/v1/backups/destinations')).json<DestinationView[]>();
    expect(list).toMatchObject([{ kind: 'local', keep: 14, last_success: null }]);
    const { body } = destinationOf('webdav', 'unused');
    expect((await call('POST', '/api/v1/backups/destinations', body)).statusCode).toBe(403);
    // A session confirms who it is first (password or security device), as for the break-glass file.
    const unconfirmed = await signedIn('POST', '/api/v1/backups/destinations', body);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({ reason: 'identity_confirmation_required' });
    await confirmIdentity();
    const created = await signedIn('POST', '/api/v1/backups/destinations', body);
    expect(created.body).not.toContain(webdav.password);
    expect(created.json()).toMatchObject({
      kind: 'webdav',
      has_password: true,
      settings: { username: 'backup' },
    });
    const id = created.json<{ id: number }>().id;
    expect((await call('PATCH', `/api/v1/backups/destinations/${id}`, { keep: 3 })).statusCode).toBe(403);
    const missing = await signedIn('POST', '/api/v1/backups/destinations', {
      kind: 's3',
      endpoint: 'not a url',
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json<{ errors: object }>().errors).sort()).toEqual([
      'access_key_id',
      'bucket',
      'endpoint',
      'secret_access_key',
    ]);
    const stored = await t.db
      .selectFrom('backup_destinations')
      .select('secrets')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.secrets).not.toContain(webdav.password);
  });

  for (const kind of ['webdav', 's3', 'sftp'] as const) {
    it(`${kind}: every backup is written, read back and checked; retention keeps N; the restore drill opens one`, async () => {
      const { id, files } = await addDestination(kind, { keep: 2 });
      const names: string[] = [];
      for (let i = 0; i < 3; i++) {
        const created = await call('POST', '/api/v1/backups');
        expect(created.statusCode).toBe(201);
        names.push(created.json<{ name: string }>().name);
        t.clock.advance(60);
      }
      const local = readFileSync(path.join(t.config.backupDir, names[2]!));
      expect(backupsOnDisk(files())).toEqual(names.slice(1));
      expect(await view(id)).toMatchObject({
        last_success: { name: names[2], size: local.length },
        last_failure: null,
      });
      const listed = (await signedIn('GET', `/api/v1/backups/destinations/${id}/backups`)).json<
        { name: string }[]
      >();
      expect(listed.map((b) => b.name)).toEqual([names[2], names[1]]);
      const drill = await signedIn('POST', `/api/v1/backups/destinations/${id}/backups/${names[1]}/drill`, {
        password: 'backup-pass-1',
      });
      expect(drill.statusCode, drill.body).toBe(200);
      expect(
        drill
          .json<{ account: string }[]>()
          .map((row) => row.account)
          .sort(),
      ).toEqual(['alice', 'bob']);
      expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 2 });
      const wrong = await signedIn('POST', `/api/v1/backups/destinations/${id}/backups/${names[1]}/drill`, {
        password: 'not the password',
      });
      expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
      expect(wrong.statusCode).toBeLessThan(500);
    });

    it(`${kind}: wrong credentials fail clearly, raise the alert and leave the local backup`, async () => {
      const owner = signedIn;
      await owner('PUT', '/api/v1/alerts/kinds', { backup_failed: true });
      expect(
        (
          await owner('PUT', '/api/v1/alerts/channels/webhook', {
            url: `${hooks}/hook`,
            secret: 'hook secret',
          })
        ).statusCode,
      ).toBe(200);
      const { id, files } = await addDestination(kind);
      const wrong =
        kind === 'webdav'
          ? { password: WRONG_SECRET }
          : kind === 's3'
            ? { secret_access_key: WRONG_SECRET }
            : { private_key: sftp.otherKey };
      expect((await owner('PATCH', `/api/v1/backups/destinations/${id}`, wrong)).statusCode).toBe(200);
      await t.app.deps.alerts.settled();
      receiver.reset();
      const created = await call('POST', '/api/v1/backups');
      expect(created.statusCode).toBe(201);
      const name = created.json<{ name: string }>().name;
      expect(existsSync(path.join(t.config.backupDir, name))).toBe(true);
      expect(backupsOnDisk(files())).toEqual([]);
      const status = await view(id);
      expect(status.last_success).toBeNull();
      expect(status.last_failure!.reason).toBe('credentials_refused');
      await t.app.deps.alerts.settled();
      expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual(['backup_failed']);
      expect(t.logs.join('\n')).not.toContain(kind === 'sftp' ? 'PRIVATE KEY' : WRONG_SECRET);
    });
  }

  it('s3: a copy that does not read back as written is removed, marked failed and alerted', async () => {
    await signedIn('PUT', '/api/v1/alerts/kinds', { backup_failed: true });
    await signedIn('PUT', '/api/v1/alerts/channels/webhook', { url: `${hooks}/hook`, secret: 'hook secret' });
    const { id, files } = await addDestination('s3');
    await t.app.deps.alerts.settled();
    receiver.reset();
    s3.damageNextRead();
    expect((await call('POST', '/api/v1/backups')).statusCode).toBe(201);
    expect(backupsOnDisk(files())).toEqual([]);
    expect((await view(id)).last_failure!.reason).toBe('read_back_differs');
    await t.app.deps.alerts.settled();
    expect(receiver.at('/hook').map((hook) => hook.headers['x-twofold-event'])).toEqual(['backup_failed']);
  });

  it('two replicas on one database, each with its own data folder, upload each scheduled backup once', async () => {
    // Replicas share PostgreSQL only: PGlite's data folder is locked to one process.
    if (t.driver !== 'postgres') return;
    const { files } = await addDestination('webdav');
    await call('PUT', '/api/v1/backups/settings', { frequency: 'daily' });
    // No shared BACKUP_DIR: each replica has its own folders, the remote destination is the shared copy.
    const folders = ['a', 'b'].map((name) => mkdtempSync(path.join(tmpdir(), `twofold-replica-${name}-`)));
    const replica = (dataDir: string) => ({
      ...t.app.deps,
      config: {
        ...t.app.deps.config,
        DATABASE_URL: 'shared',
        dataDir,
        backupDir: path.join(dataDir, 'backups'),
      },
    });
    const schedulers = await Promise.all(folders.map((dir) => startBackupScheduler(replica(dir))));
    const localBackups = () => folders.flatMap((dir) => backupsOnDisk(path.join(dir, 'backups')));
    try {
      await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
      expect(backupsOnDisk(files())).toHaveLength(1);
      // Not due again the same day, whichever replica looks.
      await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
      expect(backupsOnDisk(files())).toHaveLength(1);
      t.clock.advance(24 * 60 * 60);
      await Promise.all(schedulers.map((scheduler) => scheduler.tick()));
      expect(backupsOnDisk(files())).toHaveLength(2);
      expect(localBackups()).toHaveLength(2);
      expect(backupsOnDisk(t.config.backupDir)).toEqual([]);
    } finally {
      for (const scheduler of schedulers) scheduler.stop();
      for (const dir of folders) rmSync(dir, { recursive: true, force: true });
    }
  });

  it('webdav: a server that drops the upload half-way leaves no file counted as a backup', async () => {
    const { id, files } = await addDestination('webdav');
    // What an earlier stopped upload left behind: a part file, never listed nor kept.
    writeFileSync(path.join(files(), 'twofold-backup-20231114T000000Z.json.part'), '{"half":');
    webdav.breakNextPut();
    expect((await call('POST', '/api/v1/backups')).statusCode).toBe(201);
    expect(backupsOnDisk(files())).toEqual([]);
    expect((await view(id)).last_failure).not.toBeNull();
    expect((await signedIn('GET', `/api/v1/backups/destinations/${id}/backups`)).json()).toEqual([]);
    // The next run writes it whole.
    t.clock.advance(60);
    const next = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    expect(backupsOnDisk(files())).toEqual([next]);
  });

  it('sftp: a stopped server fails the upload; a changed host key is refused until confirmed again', async () => {
    const { id, files } = await addDestination('sftp');
    await sftp.stop();
    try {
      expect((await call('POST', '/api/v1/backups')).statusCode).toBe(201);
      expect((await view(id)).last_failure!.reason).toBe('connection_refused');
    } finally {
      await sftp.changeHostKey();
    }
    t.clock.advance(60);
    expect((await call('POST', '/api/v1/backups')).statusCode).toBe(201);
    expect(backupsOnDisk(files())).toEqual([]);
    expect((await view(id)).last_failure!.reason).toBe('host_key_changed');
    const test = (await signedIn('POST', `/api/v1/backups/destinations/${id}/test`, {})).json();
    expect(test).toEqual({
      ok: false,
      reason: 'host_key_changed',
      host_key: sftp.hostKeyFingerprint(),
      host_key_confirmed: true,
    });
    const pinned = (await view(id)).host_key;
    expect(pinned).not.toBe(sftp.hostKeyFingerprint());

    // The new key is pinned only deliberately: never by a token, only with it named, as the first one.
    const newKey = { host_key: sftp.hostKeyFingerprint() };
    const byToken = await call('POST', `/api/v1/backups/destinations/${id}/test`, newKey);
    expect(byToken.statusCode).toBe(403);
    const stale = await signedIn('POST', `/api/v1/backups/destinations/${id}/test`, { host_key: pinned });
    expect(stale.json()).toMatchObject({ ok: false, reason: 'host_key_changed' });
    expect((await view(id)).host_key).toBe(pinned);
    t.clock.advance(10 * 60);
    const unconfirmed = await signedIn('POST', `/api/v1/backups/destinations/${id}/test`, newKey);
    expect(unconfirmed.statusCode).toBe(403);
    expect(unconfirmed.json()).toMatchObject({ reason: 'identity_confirmation_required' });
    await confirmIdentity();
    const repinned = await signedIn('POST', `/api/v1/backups/destinations/${id}/test`, newKey);
    expect(repinned.json()).toMatchObject({ ok: true, host_key: newKey.host_key, host_key_confirmed: true });
    expect((await view(id)).host_key).toBe(newKey.host_key);
    t.clock.advance(60);
    const next = (await call('POST', '/api/v1/backups')).json<{ name: string }>().name;
    expect(backupsOnDisk(files())).toEqual([next]);
  });
});
