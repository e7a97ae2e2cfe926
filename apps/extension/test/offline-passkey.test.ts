import { describe, expect, it } from 'vitest';
import { SLOT_PASSWORD, SLOT_RAW, copyPasskeyKey, newCopyKeys, toBase64, toBase64Url } from '@twofold/vault';
import { memory } from './memory-storage';
import {
  createCopyWithKeys,
  lockCopy,
  readCopy,
  refreshCopy,
  unlockCopy,
  unlockedAccounts,
  type OfflineAccount,
} from '../src/offline/offline-copy';
import {
  addPasskey,
  checkPassphrase,
  copyPasskeys,
  removePasskey,
  unlockWithPasskey,
  type PasskeyEntry,
} from '../src/offline/offline-passkey';

const PASSPHRASE = 'correct horse battery staple';
const SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const TOKEN = 'read-token-of-the-copy';

const account: OfflineAccount = {
  id: 1,
  service: 'Forgejo',
  account: 'alice@example.org',
  otp_type: 'totp',
  secret: SECRET,
  digits: 6,
  algorithm: 'sha1',
  period: 30,
  websites: [],
};

const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A passkey as the passkey page gives it: its credential and salt, and the raw slot's key derived
 * from the PRF output (which an authenticator would give; here random bytes, known to the test).
 */
async function passkey(
  prfOutput = random(32),
): Promise<{ entry: PasskeyEntry; key: string; prfOutput: Uint8Array }> {
  const entry = { credentialId: toBase64Url(random(16)), salt: toBase64(random(32)) };
  return { entry, key: toBase64(await copyPasskeyKey(prfOutput, entry)), prfOutput };
}

async function keptCopy() {
  const local = memory();
  const session = memory();
  await createCopyWithKeys(local, 'copy-1', await newCopyKeys(PASSPHRASE), [account], 15, TOKEN);
  return { local, session };
}

describe("the offline copy's passkey", () => {
  it('is added with the passphrase, then unlocks the copy as the passphrase does, its token back', async () => {
    const { local, session } = await keptCopy();
    const made = await passkey();
    expect(await addPasskey(local, session, PASSPHRASE, made.entry, made.key)).toEqual({ outcome: 'added' });
    expect(await copyPasskeys(local)).toEqual([made.entry]);
    const copy = (await readCopy(local))!;
    expect(copy.keyVault.header.slots.map((slot) => slot.type)).toEqual([SLOT_PASSWORD, SLOT_RAW]);
    // Adding does not unlock; neither the key, the PRF output nor the passphrase is kept.
    expect(session.items).toEqual({});
    const stored = JSON.stringify(local.items);
    for (const secret of [made.key, toBase64(made.prfOutput), PASSPHRASE, SECRET, TOKEN])
      expect(stored).not.toContain(secret);

    const unlocked = await unlockWithPasskey(local, session, made.entry.credentialId, made.key);
    expect(unlocked).toEqual({ outcome: { outcome: 'unlocked' }, readToken: TOKEN });
    expect((await unlockedAccounts(local, session))?.map((a) => a.secret)).toEqual([SECRET]);
    // The passphrase still opens it.
    await lockCopy(session);
    expect(await unlockCopy(local, session, PASSPHRASE)).toEqual({ outcome: 'unlocked' });
  });

  it('is not added with a wrong passphrase, which counts as any wrong passphrase', async () => {
    const { local, session } = await keptCopy();
    const before = (await readCopy(local))!.keyVault;
    const made = await passkey();
    expect(await checkPassphrase(local, session, 'not the passphrase')).toEqual({
      outcome: 'wrong',
      left: 9,
    });
    expect(await addPasskey(local, session, 'not the passphrase', made.entry, made.key)).toEqual({
      outcome: 'wrong',
      left: 8,
    });
    const copy = (await readCopy(local))!;
    expect(copy.keyVault).toEqual(before);
    expect(copy.passkeys ?? []).toEqual([]);
    expect(await checkPassphrase(local, session, PASSPHRASE)).toEqual({ outcome: 'right' });
    expect(session.items).toEqual({});
  });

  it("opens nothing with another passkey's key, and that failure counts for nothing", async () => {
    const { local, session } = await keptCopy();
    const made = await passkey();
    await addPasskey(local, session, PASSPHRASE, made.entry, made.key);
    await unlockCopy(local, session, 'not the passphrase');
    await lockCopy(session);
    const before = await readCopy(local);
    const other = await passkey();
    // The right credential with another PRF output, an unknown credential, a key of the wrong size.
    expect(await unlockWithPasskey(local, session, made.entry.credentialId, other.key)).toEqual({
      outcome: { outcome: 'not-this-copy' },
    });
    expect(await unlockWithPasskey(local, session, other.entry.credentialId, made.key)).toEqual({
      outcome: { outcome: 'not-this-copy' },
    });
    expect(await unlockWithPasskey(local, session, made.entry.credentialId, toBase64(random(16)))).toEqual({
      outcome: { outcome: 'not-this-copy' },
    });
    expect(await readCopy(local)).toEqual(before);
    expect((await readCopy(local))!.failures).toBe(1);
    expect(await unlockedAccounts(local, session)).toBeNull();
    // The right one then unlocks, and starts the count of wrong passphrases again.
    expect((await unlockWithPasskey(local, session, made.entry.credentialId, made.key)).outcome).toEqual({
      outcome: 'unlocked',
    });
    expect((await readCopy(local))!.failures).toBe(0);
  });

  it('refuses a malformed key or salt before opening anything', async () => {
    const { local, session } = await keptCopy();
    const made = await passkey();
    await expect(addPasskey(local, session, PASSPHRASE, made.entry, 'not base64!')).rejects.toThrow(
      'bad-passkey',
    );
    await expect(
      addPasskey(local, session, PASSPHRASE, { ...made.entry, salt: toBase64(random(8)) }, made.key),
    ).rejects.toThrow('bad-passkey');
    await expect(
      addPasskey(local, session, PASSPHRASE, undefined as unknown as PasskeyEntry, made.key),
    ).rejects.toThrow('bad-passkey');
    expect((await readCopy(local))!.passkeys ?? []).toEqual([]);
    expect((await readCopy(local))!.failures).toBe(0);
  });

  it('stays through a refresh, and once removed unlocks nothing while the passphrase still does', async () => {
    const { local, session } = await keptCopy();
    const made = await passkey();
    await addPasskey(local, session, PASSPHRASE, made.entry, made.key);
    expect(await refreshCopy(local, [account, { ...account, id: 2, service: 'Codeberg' }], 15, TOKEN)).toBe(
      true,
    );
    expect(await copyPasskeys(local)).toEqual([made.entry]);
    expect((await unlockWithPasskey(local, session, made.entry.credentialId, made.key)).outcome).toEqual({
      outcome: 'unlocked',
    });
    expect((await unlockedAccounts(local, session))?.map((a) => a.service).sort()).toEqual([
      'Codeberg',
      'Forgejo',
    ]);
    await lockCopy(session);

    await removePasskey(local, made.entry.credentialId);
    expect(await copyPasskeys(local)).toEqual([]);
    expect((await readCopy(local))!.keyVault.header.slots.map((slot) => slot.type)).toEqual([SLOT_PASSWORD]);
    expect(await unlockWithPasskey(local, session, made.entry.credentialId, made.key)).toEqual({
      outcome: { outcome: 'not-this-copy' },
    });
    expect(await unlockCopy(local, session, PASSPHRASE)).toEqual({ outcome: 'unlocked' });
  });

  it('is not added to a copy made again while the passkey was being made', async () => {
    const { local, session } = await keptCopy();
    const made = await passkey();
    // The copy turned off and on again (same passphrase, new keys) between the check and the write.
    let reads = 0;
    const racing: typeof local = {
      ...local,
      get: async (key) => {
        reads += 1;
        if (reads === 2)
          await createCopyWithKeys(local, 'copy-2', await newCopyKeys(PASSPHRASE), [account], 15, TOKEN);
        return local.get(key);
      },
    };
    expect(await addPasskey(racing, session, PASSPHRASE, made.entry, made.key)).toEqual({ outcome: 'none' });
    const copy = (await readCopy(local))!;
    expect(copy.id).toBe('copy-2');
    expect(copy.passkeys ?? []).toEqual([]);
    expect(copy.keyVault.header.slots.map((slot) => slot.type)).toEqual([SLOT_PASSWORD]);
  });

  it('says there is no copy when none is kept', async () => {
    const local = memory();
    const session = memory();
    const made = await passkey();
    expect(await copyPasskeys(local)).toEqual([]);
    expect(await checkPassphrase(local, session, PASSPHRASE)).toEqual({ outcome: 'none' });
    expect(await addPasskey(local, session, PASSPHRASE, made.entry, made.key)).toEqual({ outcome: 'none' });
    expect(await unlockWithPasskey(local, session, made.entry.credentialId, made.key)).toEqual({
      outcome: { outcome: 'none' },
    });
  });
});
