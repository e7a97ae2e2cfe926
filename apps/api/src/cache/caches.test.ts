import { describe, expect, it } from 'vitest';
import { deleteAccounts, updateAccount } from '../accounts/accounts.service.js';
import { fixtures as F } from '../accounts/fixtures.js';
import { switchEncryption } from '../settings/encryption-at-rest.js';
import { putNativeSetting } from '../settings/settings.service.js';
import { bearerCaller, createUserWithToken, registerWithSession } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { AppCaches, cacheSlot } from './app-caches.js';

describe('AppCaches', () => {
  it('does not keep what was read before an invalidation (a read racing a write)', () => {
    const caches = new AppCaches();
    const ticket = caches.ticket('tokens');
    caches.invalidate('tokens');
    caches.storeToken('h', { id: 'a', expiresAt: 1, scope: 'full' }, ticket);
    expect(caches.token('h')).toBeUndefined();
    caches.storeToken('h', null, caches.ticket('tokens'));
    expect(caches.token('h')).toBeNull();

    const settingsTicket = caches.ticket('settings');
    const accountsTicket = caches.ticket('accounts');
    caches.invalidate('settings');
    // `useEncryption` is a setting: the accounts go with the settings.
    expect(caches.ticket('accounts')).not.toBe(accountsTicket);
    const accounts = cacheSlot<string[]>('accounts', 'test accounts');
    caches.store(accounts, [], accountsTicket);
    expect(caches.get(accounts)).toBeUndefined();
    caches.store(accounts, ['a'], caches.ticket('accounts'));
    expect(caches.get(accounts)).toEqual(['a']);
    caches.invalidate('settings');
    expect(caches.get(accounts)).toBeUndefined();
    caches.storeUserId(1, caches.ticket('user'));
    expect(caches.userId()).toEqual({ id: 1 });
    caches.clear();
    expect(caches.userId()).toBeUndefined();
    expect(caches.ticket('settings')).toBe(settingsTicket + 3);
  });

  it('keeps a bounded number of refused tokens, the oldest dropped first; usable ones stay', () => {
    const caches = new AppCaches();
    const ticket = caches.ticket('tokens');
    caches.storeToken('kept', { id: 'k', expiresAt: 1, scope: 'full' }, ticket);
    for (let i = 0; i < 5000; i += 1) caches.storeToken(`bad${i}`, null, ticket);
    expect(caches.token('kept')).toEqual({ id: 'k', expiresAt: 1, scope: 'full' });
    expect(caches.token('bad0')).toBeUndefined();
    expect(caches.token('bad4999')).toBeNull();
  });
});

describeEachDatabase('caches are invalidated by the writes', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const create = async (body: Record<string, unknown>) => {
    const response = await call('POST', '/api/v1/twofaccounts', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const list = async (query = '') => (await call('GET', `/api/v1/twofaccounts${query}`)).json<unknown[]>();
  const otp = async (id: number) => call('GET', `/api/v1/twofaccounts/${id}/otp`);

  it('a revoked token is refused at once; an expired one too; a new one works at once', async () => {
    const client = await registerWithSession(t);
    const unknown = bearerCaller(t, () => 'x'.repeat(64));
    expect((await unknown('GET', '/api/v1/user')).statusCode).toBe(401);
    const created = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'a' })).json();
    token = created.accessToken as string;
    for (let i = 0; i < 3; i += 1) expect((await call('GET', '/api/v1/user')).statusCode).toBe(200);
    const revoked = await client.request('DELETE', `/oauth/personal-access-tokens/${created.accessTokenId}`);
    expect(revoked.statusCode).toBe(204);
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(401);

    token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'b' })).json().accessToken;
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(200);
    // The expiry is checked against the clock on every request, cached or not.
    t.clock.advance(365 * 24 * 3600 + 1);
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(401);
    t.clock.advance(-2);
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(200);
  });

  it('tokens stop working when the user is deleted', async () => {
    const client = await registerWithSession(t);
    token = (await client.request('POST', '/oauth/personal-access-tokens', { name: 'a' })).json().accessToken;
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(200);
    const deleted = await client.request('DELETE', '/user', { password: 'correct horse battery' });
    expect(deleted.statusCode).toBe(204);
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(401);
  });

  it('a settings change is seen at once (language, through the service too)', async () => {
    token = await createUserWithToken(t.db);
    const message = async () =>
      (await call('POST', '/api/v1/groups', {}, { 'accept-language': 'fr' })).json<unknown>();
    const french = await message();
    expect((await call('PUT', '/api/v1/settings/lang', { value: 'de' })).statusCode).toBe(200);
    const german = await message();
    expect(german).not.toEqual(french);
    // No HTTP write hook involved: the service's own invalidation.
    await putNativeSetting(t.app.deps, 'lang', 'browser');
    expect(await message()).toEqual(french);
  });

  it('account edits, deletions, HOTP counters and the encryption switch are seen at once by list and OTP', async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const a = await create({ account: 'a', otp_type: 'totp', secret: F.SECRET });
    const h = await create({ account: 'h', otp_type: 'hotp', secret: F.SECRET });
    const before = (await otp(a)).json<{ password: string }>().password;
    expect(await list()).toMatchObject([{ account: 'a' }, { account: 'h', counter: 0 }]);

    // Service calls, without the HTTP layer: the write paths invalidate by themselves.
    await updateAccount(t.app.deps, a, {
      account: 'renamed',
      service: null,
      icon: null,
      otp_type: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      digits: 6,
      algorithm: 'sha1',
    });
    expect(await list()).toMatchObject([{ account: 'renamed' }, { account: 'h' }]);
    expect(await list('?withOtp=1')).toMatchObject([{ account: 'renamed' }, { account: 'h' }]);
    expect((await otp(a)).json<{ password: string }>().password).not.toBe(before);

    // A GET that writes: the HOTP counter moves on and the cached list follows.
    expect((await otp(h)).json()).toMatchObject({ counter: 1 });
    expect(await list()).toMatchObject([{}, { account: 'h', counter: 1 }]);

    await switchEncryption(t.app.deps, true);
    const stored = await t.db.selectFrom('twofaccounts').select('account').orderBy('id').execute();
    expect(stored.map((row) => row.account)).not.toContain('renamed');
    expect(await list()).toMatchObject([{ account: 'renamed' }, { account: 'h' }]);
    expect((await otp(a)).statusCode).toBe(200);
    await switchEncryption(t.app.deps, false);
    expect(await list()).toMatchObject([{ account: 'renamed' }, { account: 'h' }]);

    await deleteAccounts(t.app.deps, [a]);
    expect(await list()).toMatchObject([{ account: 'h' }]);
    expect((await otp(a)).statusCode).toBe(404);
  });

  it('group deletion, assignment and reorder are seen at once by the list', async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const a = await create({ account: 'a', otp_type: 'totp', secret: F.SECRET });
    const b = await create({ account: 'b', otp_type: 'totp', secret: F.SECRET });
    const group = (await call('POST', '/api/v1/groups', { name: 'Work' })).json<{ id: number }>().id;
    expect(await list()).toMatchObject([{ group_id: null }, { group_id: null }]);
    await call('POST', `/api/v1/groups/${group}/assign`, { ids: [a] });
    expect(await list()).toMatchObject([
      { id: a, group_id: group },
      { id: b, group_id: null },
    ]);
    await call('POST', '/api/v1/twofaccounts/reorder', { orderedIds: [b, a] });
    expect(await list()).toMatchObject([{ id: b }, { id: a }]);
    await call('DELETE', `/api/v1/groups/${group}`);
    expect(await list()).toMatchObject([{ id: b }, { id: a, group_id: null }]);
    expect(await list('?withSecret=1')).toMatchObject([{ secret: F.SECRET }, { secret: F.SECRET }]);
    expect((await list())[0]).not.toHaveProperty('secret');
  });

  it('a write through the app database outside any service invalidates what it changed, and only that', async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const a = await create({ account: 'a', otp_type: 'totp', secret: F.SECRET });
    expect(await list()).toMatchObject([{ account: 'a' }]);
    const caches = t.app.deps.caches;
    const tickets = () => ({
      tokens: caches.ticket('tokens'),
      user: caches.ticket('user'),
      settings: caches.ticket('settings'),
      accounts: caches.ticket('accounts'),
    });
    const before = tickets();
    await t.app.deps.db.updateTable('twofaccounts').set({ service: 'Raw' }).where('id', '=', a).execute();
    expect(await list()).toMatchObject([{ account: 'a', service: 'Raw' }]);
    const afterAccounts = tickets();
    expect(afterAccounts.accounts).toBeGreaterThan(before.accounts);
    expect(afterAccounts).toMatchObject({
      tokens: before.tokens,
      user: before.user,
      settings: before.settings,
    });

    // Reads and writes of other tables leave the scopes alone.
    await t.app.deps.db.selectFrom('twofaccounts').selectAll().execute();
    await t.app.deps.db.deleteFrom('login_throttles').execute();
    expect(tickets()).toEqual(afterAccounts);

    await t.app.deps.db.updateTable('personal_access_tokens').set({ revoked: true }).execute();
    expect((await call('GET', '/api/v1/user')).statusCode).toBe(401);
    expect(tickets()).toMatchObject({ accounts: afterAccounts.accounts, settings: afterAccounts.settings });
  });

  it('a transaction drops the scopes it wrote again once it has ended', async () => {
    token = await createUserWithToken(t.db);
    await call('PUT', '/api/v1/settings/getOfficialIcons', { value: false });
    const a = await create({ account: 'a', otp_type: 'totp', secret: F.SECRET });
    let inside = 0;
    await t.app.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('twofaccounts').set({ service: 'Inside' }).where('id', '=', a).execute();
      // A reader between the statement and the commit (another connection) would still see the
      // old row and could cache it under this ticket: the end of the transaction moves it on.
      inside = t.app.deps.caches.ticket('accounts');
    });
    expect(t.app.deps.caches.ticket('accounts')).toBeGreaterThan(inside);
    expect(await list()).toMatchObject([{ service: 'Inside' }]);
  });
});
