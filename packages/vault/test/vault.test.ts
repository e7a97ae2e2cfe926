import { createDecipheriv, createCipheriv, randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptVault, openVault, type EncryptedVault } from '../src/index.js';
import { cases } from './cases.js';

describe('vault (Node)', () => {
  for (const { name, run } of cases) it(name, run);
});

const gcmOpen = (key: Buffer, params: { nonce: string; tag: string }, data: Buffer) => {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(params.nonce, 'hex'));
  decipher.setAuthTag(Buffer.from(params.tag, 'hex'));
  return Buffer.concat([decipher.update(data), decipher.final()]);
};

/* The format against node:crypto, written from the format's description (not from the package). */
describe('vault and node:crypto agree', () => {
  it('a vault made here opens with node:crypto', async () => {
    const vault = await encryptVault({ version: 3, entries: [] }, 'pw');
    const slot = vault.header.slots[0]!;
    expect(slot.type).toBe(1);
    if (slot.type !== 1) return;
    const slotKey = scryptSync('pw', Buffer.from(slot.salt, 'hex'), 32, {
      N: slot.n,
      r: slot.r,
      p: slot.p,
      maxmem: 256 * slot.n * slot.r,
    });
    const masterKey = gcmOpen(slotKey, slot.key_params, Buffer.from(slot.key, 'hex'));
    const db = gcmOpen(masterKey, vault.header.params, Buffer.from(vault.db, 'base64'));
    expect(JSON.parse(db.toString('utf8'))).toEqual({ version: 3, entries: [] });
  });

  it('a vault made with node:crypto opens here', async () => {
    const seal = (key: Buffer, plain: Buffer) => {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const data = Buffer.concat([cipher.update(plain), cipher.final()]);
      return { data, params: { nonce: nonce.toString('hex'), tag: cipher.getAuthTag().toString('hex') } };
    };
    const masterKey = randomBytes(32);
    const salt = randomBytes(32);
    const wrapped = seal(scryptSync('node', salt, 32, { N: 2 ** 14, r: 8, p: 1 }), masterKey);
    const content = seal(masterKey, Buffer.from('{"version":3,"entries":[{"name":"x"}]}'));
    const vault: EncryptedVault = {
      version: 1,
      header: {
        slots: [
          {
            type: 1,
            uuid: 'u',
            key: wrapped.data.toString('hex'),
            key_params: wrapped.params,
            n: 2 ** 14,
            r: 8,
            p: 1,
            salt: salt.toString('hex'),
          },
        ],
        params: content.params,
      },
      db: content.data.toString('base64'),
    };
    expect((await openVault(vault, 'node')).db).toEqual({ version: 3, entries: [{ name: 'x' }] });
  });
});
