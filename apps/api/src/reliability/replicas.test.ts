import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEMPLATE_DATABASE } from '../test/global-setup.js';
import {
  bearerFetch,
  freePort,
  randomAppKey,
  ServerLogs,
  startServer,
  stopServer,
  type ServerProcess,
} from '../test/server-process.js';
import { WebSession } from './web-session.js';
import { TestSmtpServer } from '../test/smtp.js';

/*
 * Two real server processes on one PostgreSQL database (same APP_KEY, each its own DATA_DIR, no
 * shared volume), as in docs/deployment.md, "Running several replicas": what one writes, the other
 * sees; a token revoked on one is refused by the other within a second (cache invalidation by
 * LISTEN/NOTIFY); an icon uploaded on one is served by the other (icons live in the database);
 * mail queued on either is sent once, by whichever replica's sender claims it first.
 */

const adminUrl = inject('postgresAdminUrl');
/** A 1×1 PNG. */
const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=',
  'base64',
);

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

describe.skipIf(!adminUrl)('two replicas on one PostgreSQL', () => {
  const smtp = new TestSmtpServer();
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  const dataDirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'twofold-replicas-'))) as [
    string,
    string,
  ];
  const logs = new ServerLogs();
  const secrets = new Set<string>();
  let a: ServerProcess;
  let b: ServerProcess;
  const password = `replica password ${randomUUID()}`;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const smtpPort = await smtp.start();
    const env = {
      DATABASE_URL: url.toString(),
      APP_KEY: randomAppKey(),
      MAIL_HOST: '127.0.0.1',
      MAIL_PORT: String(smtpPort),
      MAIL_ENCRYPTION: 'none',
    };
    const start = (dataDir: string) =>
      freePort().then((port) => startServer(port, { ...env, DATA_DIR: dataDir }, logs));
    [a, b] = await Promise.all([start(dataDirs[0]), start(dataDirs[1])]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a && stopServer(a), b && stopServer(b)]);
    await smtp.stop();
    logs.expectNoSecrets(secrets);
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an account created on one is listed by the other; a token revoked on one is refused by the other within 1 s', async () => {
    secrets.add(password);
    const web = new WebSession(a.url);
    const registered = await web.request('POST', '/user', {
      name: 'Jane',
      email: 'jane@example.com',
      password,
      password_confirmation: password,
    });
    expect(registered.status).toBe(201);
    const created = await web.request('POST', '/oauth/personal-access-tokens', { name: 'replicas' });
    expect(created.status).toBe(200);
    const { accessToken, accessTokenId } = (await created.json()) as {
      accessToken: string;
      accessTokenId: string;
    };
    secrets.add(accessToken);
    const onA = bearerFetch(a.url, accessToken);
    const onB = bearerFetch(b.url, accessToken);

    // B caches the token and the (empty) list first.
    expect(await (await onB('GET', '/api/v1/twofaccounts')).json()).toEqual([]);
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    secrets.add(secret);
    const account = await onA('POST', '/api/v1/twofaccounts', {
      service: 'Replica',
      account: 'jane',
      otp_type: 'totp',
      secret,
    });
    expect(account.status).toBe(201);
    // A's answer comes at its commit; B hears the commit's NOTIFY a few milliseconds later (not
    // before A answers), so B's list is read again until it shows the account, within 1 s.
    const createdAt = Date.now();
    let services: string[] = [];
    while (Date.now() - createdAt < 1_000) {
      const listed = (await (await onB('GET', '/api/v1/twofaccounts')).json()) as { service: string }[];
      services = listed.map((row) => row.service);
      if (services.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(services).toEqual(['Replica']);
    expect(Date.now() - createdAt).toBeLessThan(1_000);

    expect((await web.request('DELETE', `/oauth/personal-access-tokens/${accessTokenId}`)).status).toBe(204);
    const revokedAt = Date.now();
    let status = 0;
    while (Date.now() - revokedAt < 1_000) {
      status = (await onB('GET', '/api/v1/twofaccounts')).status;
      if (status === 401) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
    expect(a.exited()).toBeNull();
    expect(b.exited()).toBeNull();
  });

  it('an icon uploaded on one is served by the other and kept on an account created there', async () => {
    const web = await WebSession.signIn(a.url, { email: 'jane@example.com', password });
    const created = await web.request('POST', '/oauth/personal-access-tokens', { name: 'icons' });
    expect(created.status).toBe(200);
    const { accessToken } = (await created.json()) as { accessToken: string };
    secrets.add(accessToken);
    const form = new FormData();
    form.append('icon', new Blob([PNG_1x1], { type: 'image/png' }), 'icon.png');
    const uploaded = await fetch(`${a.url}/api/v1/icons`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { filename } = (await uploaded.json()) as { filename: string };

    const served = await fetch(`${b.url}/storage/icons/${filename}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    const onB = bearerFetch(b.url, accessToken);
    const account = await onB('POST', '/api/v1/twofaccounts', {
      service: 'Iconic',
      account: 'jane',
      otp_type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      icon: filename,
    });
    expect(account.status).toBe(201);
    expect(await account.json()).toMatchObject({ icon: filename });
    const listed = (await (await bearerFetch(a.url, accessToken)('GET', '/api/v1/twofaccounts')).json()) as {
      service: string;
      icon: string | null;
    }[];
    expect(listed.find((row) => row.service === 'Iconic')?.icon).toBe(filename);
    // Neither replica wrote the icon into its own data folder.
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'icons', filename))).toBe(false);
    expect(a.exited()).toBeNull();
    expect(b.exited()).toBeNull();
  });

  it('a reset link asked on one and a recovery link on the other are each mailed once, both senders running', async () => {
    // A slow SMTP server: each replica's sender still holds its mail when the other one looks.
    smtp.delayMs = 500;
    const [reset, recovery] = await Promise.all([
      new WebSession(a.url).request('POST', '/user/password/lost', { email: 'jane@example.com' }),
      new WebSession(b.url).request('POST', '/webauthn/lost', { email: 'jane@example.com' }),
    ]);
    expect(reset.status).toBe(200);
    expect(recovery.status).toBe(200);
    const asked = Date.now();
    while (smtp.received.length < 2 && Date.now() - asked < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Then nothing is left in the outbox: no replica can send either mail again later.
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    let left = -1;
    try {
      while (left !== 0 && Date.now() - asked < 10_000) {
        left = Number(
          (await client.query<{ count: string }>('select count(*) from mail_outbox')).rows[0]!.count,
        );
        if (left !== 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await client.end();
    }
    expect(left).toBe(0);
    expect(smtp.received.map((mail) => mail.to)).toEqual([['jane@example.com'], ['jane@example.com']]);
    const paths = smtp.received.map((mail) => new URL(/https?:\/\/\S+/.exec(mail.text)![0]).pathname).sort();
    expect(paths).toEqual(['/user/password/reset', '/webauthn/recover']);
    for (const mail of smtp.received) secrets.add(/token=([\w-]+)/.exec(mail.text)![1]!);
    // Neither replica wrote a mail into its own data folder.
    for (const dataDir of dataDirs) expect(existsSync(path.join(dataDir, 'mail'))).toBe(false);
  });
});
