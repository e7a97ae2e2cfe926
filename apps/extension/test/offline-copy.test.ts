import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memory } from './memory-storage';
import {
  MAX_WRONG_PASSPHRASES,
  createCopy,
  createCopyWithKeys,
  eraseCopy,
  offlineCode,
  readCopy,
  refreshCopy,
  refreshedAt,
  unlockCopy,
  unlockCopyForToken,
  unlockedAccounts,
  type OfflineAccount,
} from '../src/offline/offline-copy';
import { offlineSiteAccounts, offlineSiteCode } from '../src/offline/offline-site';
import { onOfflineRequest } from '../src/offline/offline-requests';
import { newCopyKeys } from '@twofold/vault';

// RFC 6238's SHA-1 test secret ("12345678901234567890"), base32.
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

const account = (over: Partial<OfflineAccount> & { id: number }): OfflineAccount => ({
  service: `Service ${over.id}`,
  account: 'alice@example.org',
  otp_type: 'totp',
  secret: SECRET,
  digits: 6,
  algorithm: 'sha1',
  period: 30,
  websites: [],
  ...over,
});

/** RFC 6238 by hand with Node's HMAC: independent of @twofold/otp. */
function referenceTotp(seconds: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(seconds / 30)));
  const mac = createHmac('sha1', Buffer.from('12345678901234567890')).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

const PASSPHRASE = 'correct horse battery staple';

describe('the offline copy', () => {
  it('keeps nothing in clear in storage.local, and fills a right code once unlocked', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1, service: 'Forgejo' })], 15);
    const stored = JSON.stringify(local.items);
    for (const secret of [SECRET, 'Forgejo', 'alice@example.org', PASSPHRASE])
      expect(stored).not.toContain(secret);
    expect(session.items).toEqual({});

    expect(await unlockedAccounts(local, session)).toBeNull();
    expect(await unlockCopy(local, session, PASSPHRASE)).toEqual({ outcome: 'unlocked' });
    expect(JSON.stringify(session.items)).not.toContain(SECRET);
    const [opened] = (await unlockedAccounts(local, session))!;
    expect(opened!.service).toBe('Forgejo');
    const now = 1_765_000_000;
    expect(await offlineCode(opened!, now)).toMatchObject({ password: referenceTotp(now) });
  }, 30_000);

  it('keeps its read token only sealed, and gives it back with an unlock, not with a wrong passphrase', async () => {
    const local = memory();
    const session = memory();
    const token = '7|the-copy-read-token';
    const keys = await newCopyKeys(PASSPHRASE);
    await createCopyWithKeys(local, 'copy-1', keys, [account({ id: 1 })], 15, token);
    expect(JSON.stringify(local.items)).not.toContain(token);
    expect(await refreshedAt(local)).toEqual(expect.any(Number));

    expect(await unlockCopyForToken(local, session, 'not the passphrase')).toEqual({
      outcome: { outcome: 'wrong', left: MAX_WRONG_PASSPHRASES - 1 },
    });
    expect(await unlockCopyForToken(local, session, PASSPHRASE)).toEqual({
      outcome: { outcome: 'unlocked' },
      readToken: token,
    });
    expect(JSON.stringify(session.items)).not.toContain(token);

    // A refresh keeps it (sealed again with the accounts); erasing the copy forgets when it was refreshed.
    await refreshCopy(local, [account({ id: 2 })], 15, token);
    expect(JSON.stringify(local.items)).not.toContain(token);
    expect((await unlockCopyForToken(local, session, PASSPHRASE)).readToken).toBe(token);
    await eraseCopy(local, session);
    expect(await refreshedAt(local)).toBeNull();
    expect(local.items).toEqual({});
  }, 60_000);

  it('keeps favourites first, and a refresh replaces the accounts without the passphrase', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 }), account({ id: 2 })], 15);
    await refreshCopy(
      local,
      [account({ id: 3 }), account({ id: 2, favorite: true, favorite_order: 0 }), account({ id: 4 })],
      15,
    );
    await unlockCopy(local, session, PASSPHRASE);
    expect((await unlockedAccounts(local, session))!.map((a) => a.id)).toEqual([2, 3, 4]);
  }, 30_000);

  it('locks after the idle time, and a use restarts it', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 })], 5);
    const start = Date.now();
    await unlockCopy(local, session, PASSPHRASE, start);
    expect(await unlockedAccounts(local, session, start + 4 * 60_000)).toHaveLength(1);
    expect(await unlockedAccounts(local, session, start + 8 * 60_000)).toHaveLength(1);
    expect(await unlockedAccounts(local, session, start + 14 * 60_000)).toBeNull();
    expect(session.items).toEqual({});
    expect(await readCopy(local)).not.toBeNull();
  }, 30_000);

  it('says a wrong passphrase, resets the count on a right one, and erases the copy at the tenth in a row', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 })], 15);
    expect(await unlockCopy(local, session, 'nope')).toEqual({ outcome: 'wrong', left: 9 });
    await unlockCopy(local, session, PASSPHRASE);
    expect((await readCopy(local))!.failures).toBe(0);
    for (let i = 1; i < MAX_WRONG_PASSPHRASES; i++) {
      expect(await unlockCopy(local, session, 'nope')).toEqual({ outcome: 'wrong', left: 10 - i });
    }
    expect(await unlockCopy(local, session, 'nope')).toEqual({ outcome: 'erased' });
    expect(local.items).toEqual({});
    expect(session.items).toEqual({});
    expect(await unlockCopy(local, session, PASSPHRASE)).toEqual({ outcome: 'none' });
  }, 120_000);

  it('counts two wrong passphrases typed at once as two, and keeps a refresh written meanwhile', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 })], 15);
    const [first, second] = await Promise.all([
      unlockCopy(local, session, 'nope'),
      unlockCopy(local, session, 'wrong too'),
      refreshCopy(local, [account({ id: 1 }), account({ id: 2, service: 'Added' })], 15),
    ]);
    expect([first, second]).toEqual(
      expect.arrayContaining([
        { outcome: 'wrong', left: 9 },
        { outcome: 'wrong', left: 8 },
      ]),
    );
    expect((await readCopy(local))!.failures).toBe(2);
    expect(await unlockCopy(local, session, PASSPHRASE)).toEqual({ outcome: 'unlocked' });
    expect((await unlockedAccounts(local, session))!.map((a) => a.service)).toContain('Added');
  }, 60_000);

  it('is gone once erased (revoked)', async () => {
    const local = memory();
    const session = memory();
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 })], 15);
    await unlockCopy(local, session, PASSPHRASE);
    await eraseCopy(local, session);
    expect(local.items).toEqual({});
    expect(await unlockedAccounts(local, session)).toBeNull();
  }, 30_000);

  it('gives no HOTP code offline: its counter cannot move', async () => {
    expect(await offlineCode(account({ id: 1, otp_type: 'hotp', period: null }), 0)).toEqual({
      error: 'hotp-offline',
    });
  });
});

describe('the offline copy for a page', () => {
  it("gives a page only its own site's accounts, then one right code; nothing while locked", async () => {
    const local = memory();
    const session = memory();
    await createCopy(
      local,
      'copy-1',
      PASSPHRASE,
      [
        account({ id: 1, service: 'Forgejo', websites: ['git.example.org'] }),
        account({ id: 2, service: 'Bank', websites: ['bank.example'] }),
        account({ id: 3, service: 'Counter', otp_type: 'hotp', period: null, websites: ['git.example.org'] }),
      ],
      15,
    );
    const page = 'https://git.example.org/login';
    expect(await offlineSiteAccounts(local, session, page, page)).toBeNull();
    expect(await offlineSiteCode(local, session, 1, page, page)).toEqual({ error: 'offline-locked' });

    await unlockCopy(local, session, PASSPHRASE);
    expect(await offlineSiteAccounts(local, session, page, page)).toEqual([
      { id: 1, label: 'Forgejo (alice@example.org)', hotp: false },
      { id: 3, label: 'Counter (alice@example.org)', hotp: true },
    ]);
    // A frame of another site gets nothing.
    expect(await offlineSiteAccounts(local, session, 'https://evil.example/', page)).toEqual([]);
    const now = 1_765_000_123;
    expect(await offlineSiteCode(local, session, 1, page, page, now)).toEqual({ code: referenceTotp(now) });
    expect(await offlineSiteCode(local, session, 2, page, page, now)).toEqual({ error: 'not-for-site' });
    expect(await offlineSiteCode(local, session, 3, page, page, now)).toEqual({ error: 'hotp-offline' });
  }, 30_000);
});

describe("the popup's offline requests", () => {
  it('say whether a copy is kept and unlocked, unlock, lock and erase it, never with a secret', async () => {
    const local = memory();
    const session = memory();
    expect(await onOfflineRequest(local, session, { type: 'offline-state' })).toEqual({
      kept: false,
      unlocked: false,
    });
    await createCopy(local, 'copy-1', PASSPHRASE, [account({ id: 1 })], 15);
    expect(await onOfflineRequest(local, session, { type: 'offline-state' })).toEqual({
      kept: true,
      unlocked: false,
    });
    const unlocked = await onOfflineRequest(local, session, {
      type: 'offline-unlock',
      passphrase: PASSPHRASE,
    });
    expect(unlocked).toEqual({ outcome: 'unlocked' });
    expect(await onOfflineRequest(local, session, { type: 'offline-state' })).toEqual({
      kept: true,
      unlocked: true,
    });
    expect(await onOfflineRequest(local, session, { type: 'offline-lock' })).toEqual({
      kept: true,
      unlocked: false,
    });
    expect(await onOfflineRequest(local, session, { type: 'offline-erase' })).toEqual({
      kept: false,
      unlocked: false,
    });
    expect(local.items).toEqual({});
  }, 30_000);
});
