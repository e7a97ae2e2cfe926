// @vitest-environment node
// The copy's accounts read from a real server (the built API on PGlite) with a `read` token: the
// secrets come, favourites first once in the copy, and the copy's code is the reference TOTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwofold } from '@twofold/contract';
import { totpCodes } from '@twofold/otp';
import { startTestServer, type TestServer } from '../../../packages/contract/test/test-server';
import { memory } from './memory-storage';
import { createCopy, offlineCode, readCopy, unlockCopy, unlockedAccounts } from '../src/offline/offline-copy';
import { readOfflineAccounts, refreshFromServer } from '../src/offline/offline-source';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  const api = createTwofold({ baseUrl: server.url, token: server.token });
  await api.accounts.create({ uri: 'otpauth://totp/Plain:bob?secret=A4GRFHVVRBGY7UIW&issuer=Plain' });
  const starred = await api.accounts.create({
    uri: `otpauth://totp/Forgejo:alice?secret=${SECRET}&issuer=Forgejo`,
  });
  const favourite = await server.asUser('PUT', `/api/v1/twofaccounts/${starred.id}/favorite`, {
    favorite: true,
  });
  expect(favourite.ok).toBe(true);
}, 120_000);
afterAll(async () => server?.stop());

describe("the offline copy's source", () => {
  it('reads every account with its secret through a read token; the copy computes the right code', async () => {
    const accounts = await readOfflineAccounts(server.url, await server.newToken('offline copy', 'read'));
    expect(accounts.map((a) => a.service).sort()).toEqual(['Forgejo', 'Plain']);
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', 'a long passphrase', accounts, 15);
    expect(JSON.stringify(local.items)).not.toContain(SECRET);
    await unlockCopy(local, session, 'a long passphrase');
    const opened = (await unlockedAccounts(local, session))!;
    expect(opened[0]!.service).toBe('Forgejo');
    const now = Math.floor(Date.now() / 1000);
    const reference = totpCodes(
      { otp_type: 'totp', secret: SECRET, digits: 6, algorithm: 'sha1', period: 30 },
      now,
    );
    if (!reference.ok) throw new Error('reference TOTP');
    expect(await offlineCode(opened[0]!, now)).toMatchObject({ password: reference.value.password });
  }, 60_000);

  it('is refused to a token of the codes scope (no secret for a code-filling token)', async () => {
    await expect(
      readOfflineAccounts(server.url, await server.newToken('filler', 'codes')),
    ).rejects.toMatchObject({ status: 403 });
  }, 60_000);

  it('refreshes the copy while the token lives, and erases it once the token is revoked in Settings', async () => {
    const token = await server.newToken('offline copy to revoke', 'read');
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-2', 'a long passphrase', [], 15);
    expect(await refreshFromServer(local, session, server.url, token)).toBe('refreshed');
    await unlockCopy(local, session, 'a long passphrase');
    expect(await unlockedAccounts(local, session)).toHaveLength(2);

    const listed = (await (await server.asUser('GET', '/oauth/personal-access-tokens')).json()) as {
      id: string | number;
      name: string;
    }[];
    const made = listed.find((t) => t.name === 'offline copy to revoke')!;
    const revoked = await server.asUser('DELETE', `/oauth/personal-access-tokens/${made.id}`);
    expect(revoked.ok).toBe(true);
    expect(await refreshFromServer(local, session, server.url, token)).toBe('erased');
    expect(await readCopy(local)).toBeNull();
    expect(session.items).toEqual({});
  }, 60_000);

  it("records each refresh on the server's device copy, and erases the copy once it is revoked there", async () => {
    // A `read` pairing approved by the user: its token comes with a device copy listed in Settings.
    const { deviceAuthorization } = createTwofold({ baseUrl: server.url });
    const started = await deviceAuthorization.start('Offline copy (test)', 'read');
    expect((await server.asUser('POST', '/user/confirm', { password: server.password })).ok).toBe(true);
    const approved = await server.asUser(
      'POST',
      `/api/v1/device-authorizations/${started.user_code}/approve`,
      {},
    );
    expect(approved.status).toBe(204);
    const token = await deviceAuthorization.waitForToken(started, { sleep: () => Promise.resolve() });
    const copyId = token.device_copy_id!;
    const listed = async () =>
      (await (await server.asUser('GET', '/api/v1/device-copies')).json()) as {
        id: string;
        refreshed_at: string;
      }[];
    const before = (await listed()).find((copy) => copy.id === copyId)!;

    const local = memory();
    const session = memory();
    await createCopy(local, copyId, 'a long passphrase', [], 15);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await refreshFromServer(local, session, server.url, token.access_token, copyId)).toBe('refreshed');
    const after = (await listed()).find((copy) => copy.id === copyId)!;
    expect(Date.parse(after.refreshed_at)).toBeGreaterThan(Date.parse(before.refreshed_at));

    // Revoked in Settings' device copies: its token goes with it, the next refresh erases the copy.
    expect((await server.asUser('DELETE', `/api/v1/device-copies/${copyId}`)).status).toBe(204);
    expect(await refreshFromServer(local, session, server.url, token.access_token, copyId)).toBe('erased');
    expect(await readCopy(local)).toBeNull();
  }, 60_000);

  it('erases the copy when the server does not know its device copy (404), the token still valid', async () => {
    const token = await server.newToken('offline copy without its record', 'read');
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-3', 'a long passphrase', [], 15);
    expect(await refreshFromServer(local, session, server.url, token, 'f'.repeat(32))).toBe('erased');
    expect(await readCopy(local)).toBeNull();
  }, 60_000);
});
