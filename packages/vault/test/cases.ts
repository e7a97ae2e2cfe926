import {
  createPasswordSlot,
  createRawSlot,
  decryptVault,
  encryptVault,
  generateMasterKey,
  hkdfSha256,
  passkeySlotKey,
  nobleScrypt,
  openVault,
  parseVault,
  sealVault,
  fromHex,
  toHex,
  unlockWithKey,
  unlockWithPassword,
  type EncryptedVault,
  type ScryptRequest,
  type VaultKdf,
} from '../src/index.js';
import { AEGIS_ENCRYPTED, AEGIS_ENTRIES, AEGIS_PASSWORD } from './aegis-vector.js';
import { equal, failsWith, ok } from './assert.js';
import { deviceCopyCases } from './device-copy-cases.js';
import { copyRecordsCases } from './copy-records-cases.js';

/*
 * The vault's cases, run unchanged in Node (vault.test.ts) and in Chromium (chromium.test.ts):
 * plain async functions that throw on failure, no node: module.
 */

export interface VaultCase {
  readonly name: string;
  readonly run: () => Promise<void>;
}

/** Small scrypt parameters for the cases that are not about Aegis's own cost. */
const FAST = { params: { N: 1024, r: 8, p: 1 } };
const DB = {
  version: 3,
  entries: [{ type: 'totp', name: 'alice', info: { secret: 'JBSWY3DPEHPK3PXP' } }],
  groups: [],
};

type Entry = { type: string; issuer: string; name: string; info: Record<string, unknown> };
const summary = (db: unknown) =>
  (db as { entries: Entry[] }).entries.map((e) => [
    e.type,
    e.issuer,
    e.name,
    e.info.secret,
    e.info.algo,
    e.info.digits,
    e.info.period ?? e.info.counter,
  ]);

/** A copy of the vault with one byte of its base64 `db` ciphertext flipped. */
function flipDbByte(vault: EncryptedVault): EncryptedVault {
  const bytes = Uint8Array.from(atob(vault.db), (c) => c.charCodeAt(0));
  bytes[0] = bytes[0]! ^ 0x01;
  return { ...vault, db: btoa(String.fromCharCode(...bytes)) };
}

export const cases: readonly VaultCase[] = [
  {
    name: "Aegis's published vault opens with its password to the seven known entries",
    run: async () => {
      const { db, masterKey } = await openVault(AEGIS_ENCRYPTED, AEGIS_PASSWORD);
      equal((db as { version: number }).version, 1, 'db version');
      equal(summary(db), AEGIS_ENTRIES, 'entries');
      equal(masterKey.length, 32, 'master key length');
    },
  },
  {
    name: "Aegis's published vault refuses another password (wrong_password)",
    run: () => failsWith(() => openVault(AEGIS_ENCRYPTED, 'Test'), 'wrong_password'),
  },
  {
    name: "a round trip with Aegis's parameters: the header is Aegis's, the db comes back",
    run: async () => {
      const vault = await encryptVault(DB, 'correct horse battery');
      equal(JSON.parse(JSON.stringify(vault)), vault, 'plain JSON');
      const [slot] = vault.header.slots;
      ok(slot?.type === 1, 'one password slot');
      if (slot?.type !== 1) return;
      equal([slot.n, slot.r, slot.p, slot.repaired], [32768, 8, 1, true], 'scrypt parameters');
      equal(
        [slot.salt.length, slot.key.length, slot.key_params.nonce.length, slot.key_params.tag.length],
        [64, 64, 24, 32],
        'slot hex',
      );
      ok(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(slot.uuid), 'uuid v4');
      equal(Object.keys(vault.header.params), ['nonce', 'tag'], 'db params');
      equal((await openVault(JSON.stringify(vault), 'correct horse battery')).db, DB, 'db');
      equal(parseVault(JSON.stringify(vault)), vault, 'parsed file');
    },
  },
  {
    name: 'a round trip with a non-ASCII password and the password as bytes',
    run: async () => {
      const vault = await encryptVault(DB, 'pässwörd 🔑', FAST);
      equal((await openVault(vault, new TextEncoder().encode('pässwörd 🔑'))).db, DB, 'db');
      await failsWith(() => openVault(vault, 'passwörd 🔑'), 'wrong_password');
    },
  },
  {
    name: 'a tampered ciphertext, tag or nonce fails authentication (tampered)',
    run: async () => {
      const vault = await encryptVault(DB, 'pw', FAST);
      await failsWith(() => openVault(flipDbByte(vault), 'pw'), 'tampered');
      const tag = vault.header.params.tag;
      const otherTag = (tag[0] === '0' ? '1' : '0') + tag.slice(1);
      const badTag = {
        ...vault,
        header: { ...vault.header, params: { ...vault.header.params, tag: otherTag } },
      };
      await failsWith(() => openVault(badTag, 'pw'), 'tampered');
      const cut = { ...vault, db: vault.db.slice(0, -4) };
      await failsWith(() => openVault(cut, 'pw'), 'tampered');
    },
  },
  {
    name: "a tampered slot opens with no password (wrong_password); another vault's key opens nothing",
    run: async () => {
      const vault = await encryptVault(DB, 'pw', FAST);
      const [slot] = vault.header.slots;
      const key = slot!.key;
      const changed = { ...slot!, key: (key[0] === 'a' ? 'b' : 'a') + key.slice(1) };
      await failsWith(
        () => openVault({ ...vault, header: { ...vault.header, slots: [changed] } }, 'pw'),
        'wrong_password',
      );
      const other = await encryptVault(DB, 'pw', FAST);
      const { masterKey } = await openVault(other, 'pw');
      await failsWith(() => decryptVault(vault, masterKey), 'tampered');
    },
  },
  {
    name: 'one master key under several slots: either password and the raw key open; sealing again keeps them',
    run: async () => {
      const masterKey = generateMasterKey();
      const rawKey = generateMasterKey();
      const slots = [
        await createPasswordSlot('first', masterKey, FAST),
        await createRawSlot(rawKey, masterKey),
        await createPasswordSlot('second', masterKey, FAST),
      ];
      const vault = await sealVault(DB, slots, masterKey);
      for (const password of ['first', 'second']) equal((await openVault(vault, password)).db, DB, password);
      const unlocked = await unlockWithKey(vault.header.slots, rawKey);
      equal(unlocked.slot.type, 0, 'raw slot');
      equal(await decryptVault(vault, unlocked.masterKey), DB, 'db by raw key');
      await failsWith(() => unlockWithKey(vault.header.slots, generateMasterKey()), 'wrong_key');
      const again = await sealVault({ ...DB, entries: [] }, vault.header.slots, masterKey);
      ok(again.header.params.nonce !== vault.header.params.nonce, 'a fresh nonce');
      equal((await openVault(again, 'second')).db, { ...DB, entries: [] }, 'resealed db');
      equal(
        toHex((await unlockWithPassword(again.header.slots, 'first')).masterKey),
        toHex(masterKey),
        'key',
      );
    },
  },
  {
    name: 'an injected KDF gets the slot parameters; its errors pass through unchanged',
    run: async () => {
      const seen: ScryptRequest[] = [];
      const inner: VaultKdf = async (request) => {
        seen.push(request);
        return nobleScrypt(request);
      };
      const vault = await encryptVault(DB, 'pw', { kdf: inner });
      equal((await openVault(vault, 'pw', { kdf: inner })).db, DB, 'db');
      equal(
        seen.map((r) => [r.algorithm, r.N, r.r, r.p, r.length, r.memoryBytes, r.salt.length]),
        [
          ['scrypt', 32768, 8, 1, 32, 128 * 32768 * 8, 32],
          ['scrypt', 32768, 8, 1, 32, 128 * 32768 * 8, 32],
        ],
        'requests',
      );
      const refusal = new Error('refused by the caller');
      let caught: unknown;
      await openVault(vault, 'pw', { kdf: () => Promise.reject(refusal) }).catch(
        (error: unknown) => (caught = error),
      );
      ok(caught === refusal, 'the same error');
    },
  },
  {
    name: "the default KDF refuses parameters that are not scrypt's or too costly (unsupported_kdf)",
    run: async () => {
      const vault = await encryptVault(DB, 'pw', FAST);
      const [slot] = vault.header.slots;
      for (const params of [{ n: 30000 }, { n: 2 ** 20, r: 8 }, { p: 0 }]) {
        const header = { ...vault.header, slots: [{ ...slot!, ...params }] };
        await failsWith(() => openVault({ ...vault, header }, 'pw'), 'unsupported_kdf');
      }
    },
  },
  {
    name: 'files that are not encrypted vaults, or only biometric slots: malformed, no_password_slot',
    run: async () => {
      const vault = await encryptVault(DB, 'pw', FAST);
      const [slot] = vault.header.slots;
      const withSlots = (slots: unknown[]) => ({ ...vault, header: { ...vault.header, slots } });
      await failsWith(() => openVault('{not json', 'pw'), 'malformed');
      await failsWith(
        () => openVault({ version: 1, header: { slots: null, params: null }, db: {} }, 'pw'),
        'malformed',
      );
      await failsWith(() => openVault(withSlots([{ ...slot!, salt: 'xyz' }]), 'pw'), 'malformed');
      await failsWith(() => openVault({ ...vault, db: 'not*base64' }, 'pw'), 'malformed');
      await failsWith(
        () => openVault({ ...vault, header: { ...vault.header, params: { nonce: '00', tag: '00' } } }, 'pw'),
        'malformed',
      );
      await failsWith(
        () => openVault(withSlots([{ ...slot!, type: 2 }, { type: 9 }]), 'pw'),
        'no_password_slot',
      );
      equal(
        parseVault({ version: 1, header: { slots: null, params: null }, db: DB }).db,
        DB,
        'a plain vault parses',
      );
    },
  },
  {
    name: 'a db that decrypts to something other than UTF-8 JSON (bad_content)',
    run: async () => {
      const masterKey = generateMasterKey();
      const slot = await createPasswordSlot('pw', masterKey, FAST);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const key = await crypto.subtle.importKey('raw', new Uint8Array(masterKey), 'AES-GCM', false, [
        'encrypt',
      ]);
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new Uint8Array([0xff, 0x7b])),
      );
      const vault = {
        version: 1,
        header: { slots: [slot], params: { nonce: toHex(iv), tag: toHex(sealed.slice(-16)) } },
        db: btoa(String.fromCharCode(...sealed.slice(0, -16))),
      };
      await failsWith(() => openVault(vault, 'pw'), 'bad_content');
    },
  },
  {
    name: 'HKDF-SHA-256 gives RFC 5869 test case 1',
    run: async () => {
      const okm = await hkdfSha256(
        new Uint8Array(22).fill(0x0b),
        fromHex('000102030405060708090a0b0c')!,
        fromHex('f0f1f2f3f4f5f6f7f8f9')!,
        42,
      );
      equal(
        toHex(okm),
        '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865',
        'OKM',
      );
    },
  },
  {
    name: "a passkey's slot key: HKDF of the PRF output (vector); it opens its raw slot beside the passphrase slot, another output does not",
    run: async () => {
      const prfOutput = new Uint8Array(32).fill(0xab);
      const prfSalt = new Uint8Array(32).fill(0x01);
      const slotKey = await passkeySlotKey(prfOutput, prfSalt);
      // node:crypto's hkdfSync('sha256', output, salt, 'twofold vault passkey slot v1', 32).
      equal(toHex(slotKey), '8f0e948621569c10de247bdb24263b68618043ca2aa5043354a88fb47f6bd9c4', 'slot key');
      const masterKey = generateMasterKey();
      const passphraseSlot = await createPasswordSlot('passphrase', masterKey, FAST);
      const vault = await sealVault(DB, [passphraseSlot, await createRawSlot(slotKey, masterKey)], masterKey);
      const byPasskey = await unlockWithKey(vault.header.slots, await passkeySlotKey(prfOutput, prfSalt));
      equal(await decryptVault(vault, byPasskey.masterKey), DB, 'db by passkey');
      const otherOutput = new Uint8Array(32).fill(0xac);
      await failsWith(
        async () => unlockWithKey(vault.header.slots, await passkeySlotKey(otherOutput, prfSalt)),
        'wrong_key',
      );
      const otherSalt = new Uint8Array(32).fill(0x02);
      await failsWith(
        async () => unlockWithKey(vault.header.slots, await passkeySlotKey(prfOutput, otherSalt)),
        'wrong_key',
      );
      equal((await openVault(vault, 'passphrase')).db, DB, 'the passphrase still opens');
    },
  },
  ...deviceCopyCases,
  ...copyRecordsCases,
];
