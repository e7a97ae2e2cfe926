import {
  COPY_SCRYPT,
  copyPasskeyKey,
  createPasswordSlot,
  createRawSlot,
  decryptVault,
  fromBase64,
  fromBase64Url,
  generateMasterKey,
  isPasswordSlot,
  newCopyKeys,
  newCopyPasskey,
  newDeviceKeys,
  importPrivateKey,
  openContent,
  openCopyKey,
  sealContent,
  sealVault,
  strengthenedSlots,
  toBase64,
  toBase64Url,
  unlockWithKey,
  unlockWithPassword,
  withSlots,
  type DeviceCopy,
  type PasswordSlot,
} from '../src/index.js';
import { equal, failsWith, ok } from './assert.js';
import type { VaultCase } from './cases.js';
import previous from './fixtures/device-copy-v1.json' with { type: 'json' };

/*
 * The device copy's cases, in Node and in Chromium like the vault's. The fixture is a copy written
 * by the web app before this code moved here (passphrase and passkey slot, sealed content): it
 * must keep opening, or a user's copy is lost at an update.
 */

const PASSPHRASE = 'correct horse battery staple';
const FIXTURE_PRF = new Uint8Array(32).fill(7);
const stored = previous.stored as unknown as DeviceCopy;

const accounts = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: index,
    service: `Service ${index}`,
    account: `user${index}@example.com`,
    secret: 'JBSWY3DPEHPK3PXP'.repeat(2),
  }));

export const deviceCopyCases: readonly VaultCase[] = [
  {
    name: 'device copy: a copy made by the previous release opens with its passphrase',
    run: async () => {
      const { masterKey, slot } = await unlockWithPassword(stored.keyVault.header.slots, PASSPHRASE);
      equal([slot.n, slot.r, slot.p], [COPY_SCRYPT.N, COPY_SCRYPT.r, COPY_SCRYPT.p], 'its scrypt');
      const key = await openCopyKey(stored.keyVault, masterKey);
      equal(await openContent(key, stored.content!), previous.content, 'content');
      await failsWith(() => unlockWithPassword(stored.keyVault.header.slots, 'not it'), 'wrong_password');
    },
  },
  {
    name: 'device copy: a copy made by the previous release opens with its passkey',
    run: async () => {
      const passkey = stored.passkeys![0]!;
      equal(toBase64Url(fromBase64Url(passkey.credentialId)!), passkey.credentialId, 'credential id');
      const slots = stored.keyVault.header.slots.filter((slot) => slot.uuid === passkey.slot);
      const { masterKey } = await unlockWithKey(slots, await copyPasskeyKey(FIXTURE_PRF, passkey));
      const key = await openCopyKey(stored.keyVault, masterKey);
      equal(await openContent(key, stored.content!), previous.content, 'content');
      const other = await copyPasskeyKey(new Uint8Array(32).fill(8), passkey);
      await failsWith(() => unlockWithKey(slots, other), 'wrong_key');
    },
  },
  {
    name: 'device copy: a new copy is written with the public key alone and read with the passphrase',
    run: async () => {
      const made = await newCopyKeys('a long passphrase');
      const content = { accounts: accounts(1000) };
      const sealed = await sealContent(made.publicKey, content);
      ok(sealed.data.length > 100_000, 'a large content');
      ok(!sealed.data.includes('Service') && !JSON.stringify(made.keyVault).includes('BEGIN'), 'sealed');
      equal(await openContent(made.privateKey, sealed), content, 'by the key kept at creation');
      const { masterKey } = await unlockWithPassword(made.keyVault.header.slots, 'a long passphrase');
      equal(await openContent(await openCopyKey(made.keyVault, masterKey), sealed), content, 'by the vault');
      const other = await newDeviceKeys();
      const otherKey = await importPrivateKey(other.privateKey);
      await failsWith(() => openContent(otherKey, sealed), 'tampered');
    },
  },
  {
    name: 'device copy: a changed byte of the sealed content is refused',
    run: async () => {
      const keys = await newDeviceKeys();
      const sealed = await sealContent(keys.publicKey, { a: 1 });
      const bytes = fromBase64(sealed.data)!;
      bytes[0] = bytes[0]! ^ 1;
      const key = await importPrivateKey(keys.privateKey);
      await failsWith(() => openContent(key, { ...sealed, data: toBase64(bytes) }), 'tampered');
      await failsWith(() => openContent(key, { ...sealed, iv: '*' }), 'malformed');
    },
  },
  {
    name: 'device copy: a passkey slot added to a copy opens it; the passphrase still does',
    run: async () => {
      const made = await newCopyKeys('pass phrase');
      const { masterKey } = await unlockWithPassword(made.keyVault.header.slots, 'pass phrase');
      const prf = new Uint8Array(32).fill(0x5a);
      const { slot, passkey } = await newCopyPasskey('cred-id_1', new Uint8Array(32).fill(3), prf, masterKey);
      equal(passkey.slot, slot.uuid, 'the entry names its slot');
      const copy = withSlots(
        { id: 'x', publicKey: made.publicKey, keyVault: made.keyVault, content: {} as never, failures: 0 },
        [...made.keyVault.header.slots, slot],
      );
      const opened = await unlockWithKey([slot], await copyPasskeyKey(prf, passkey));
      equal(opened.masterKey, masterKey, 'master key by passkey');
      ok(!!(await openCopyKey(copy.keyVault, opened.masterKey)), 'the private key');
      equal((await unlockWithPassword(copy.keyVault.header.slots, 'pass phrase')).masterKey, masterKey, 'pw');
    },
  },
  {
    name: 'device copy: a passphrase slot made with N = 2^14 is re-made with 2^15, its passkey slot kept',
    run: async () => {
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
      ok(slots !== null, 're-made');
      const password = slots!.filter(isPasswordSlot);
      equal(password.length, 1, 'one passphrase slot');
      equal([password[0]!.n, password[0]!.r, password[0]!.p], [2 ** 15, 8, 1], 'its scrypt');
      ok(password[0]!.salt !== old.salt, 'a new salt');
      ok(slots!.includes(passkey), 'the passkey slot kept');
      const again = await unlockWithPassword(slots!, 'long passphrase');
      equal(again.masterKey, masterKey, 'the same master key');
      equal(await decryptVault(vault, again.masterKey), { privateKey: 'the device key' }, 'db');
      equal((await unlockWithKey(slots!, passkeyKey)).masterKey, masterKey, 'by passkey');
      equal(
        await strengthenedSlots(slots!, password[0] as PasswordSlot, 'long passphrase', masterKey),
        null,
        'already strong',
      );
    },
  },
  {
    name: 'device copy: base64 of large buffers equals the one-piece encoding; base64url has no padding',
    run: async () => {
      for (const length of [0, 1, 2, 3, 0x6000, 0x8001, 100_000]) {
        const bytes = Uint8Array.from({ length }, (_, index) => (index * 7 + 3) % 256);
        const text = toBase64(bytes);
        equal(fromBase64(text), bytes, `round trip ${length}`);
        if (length < 0x6000) equal(text, btoa(String.fromCharCode(...bytes)), `btoa ${length}`);
      }
      equal(toBase64Url(new Uint8Array([0xfb, 0xff])), '-_8', 'url alphabet');
      equal(fromBase64('not base64!'), null, 'refused');
      await Promise.resolve();
    },
  },
];
