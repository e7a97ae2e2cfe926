import { describe, expect, it } from 'vitest';
import {
  createPasswordSlot,
  createRawSlot,
  decryptVault,
  generateMasterKey,
  isPasswordSlot,
  sealVault,
  unlockWithKey,
  unlockWithPassword,
  type PasswordSlot,
} from '@twofold/vault';
import { COPY_SCRYPT, strengthenedSlots } from './copy-kdf';

describe("the copy's passphrase slot", () => {
  it('is made with scrypt N = 2^15 at least, as the backups', () => {
    expect(COPY_SCRYPT.N).toBeGreaterThanOrEqual(2 ** 15);
  });

  it('a copy made with N = 2^14 opens, and is re-wrapped to 2^15 with its passkey slot kept', async () => {
    const masterKey = generateMasterKey();
    const passkeyKey = generateMasterKey();
    const old = await createPasswordSlot('long passphrase', masterKey, {
      params: { N: 2 ** 14, r: 8, p: 1 },
    });
    const passkey = await createRawSlot(passkeyKey, masterKey);
    const vault = await sealVault({ privateKey: 'the device key' }, [old, passkey], masterKey);

    const opened = await unlockWithPassword(vault.header.slots, 'long passphrase');
    const slots = await strengthenedSlots(
      vault.header.slots,
      opened.slot,
      'long passphrase',
      opened.masterKey,
    );
    expect(slots).not.toBeNull();
    const password = slots!.filter(isPasswordSlot);
    expect(password).toHaveLength(1);
    expect(password[0]).toMatchObject({ n: 2 ** 15, r: 8, p: 1 });
    expect(password[0]!.salt).not.toBe(old.salt);
    expect(slots).toContainEqual(passkey);

    // The same master key opens the same vault, by the new slot and by the passkey's.
    const again = await unlockWithPassword(slots!, 'long passphrase');
    expect(again.masterKey).toEqual(masterKey);
    expect(await decryptVault(vault, again.masterKey)).toEqual({ privateKey: 'the device key' });
    expect((await unlockWithKey(slots!, passkeyKey)).masterKey).toEqual(masterKey);
    await expect(unlockWithPassword(slots!, 'not it')).rejects.toThrow();

    // Already strong: nothing to do.
    expect(
      await strengthenedSlots(slots!, password[0] as PasswordSlot, 'long passphrase', masterKey),
    ).toBeNull();
  });
});
