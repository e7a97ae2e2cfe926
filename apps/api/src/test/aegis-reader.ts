import { createDecipheriv, scryptSync } from 'node:crypto';

/*
 * An independent reader of the Aegis vault format, for tests (written from the format's
 * description, not from Twofold's code): scrypt of the password with the slot's salt and n/r/p
 * gives the slot key; AES-256-GCM with key_params opens the master key; the master key with
 * header.params opens db.
 */

export interface AegisSlot {
  type: number;
  key: string;
  key_params: { nonce: string; tag: string };
  n: number;
  r: number;
  p: number;
  salt: string;
}

export interface AegisVault {
  header: { slots: AegisSlot[]; params: { nonce: string; tag: string } };
  db: string;
}

export interface AegisDb<Entry> {
  version: number;
  entries: Entry[];
  groups: { uuid: string; name: string }[];
}

/** AES-256-GCM decryption of `data` with the nonce and tag in hex; throws when the tag fails. */
export function gcmOpen(key: Buffer, params: { nonce: string; tag: string }, data: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(params.nonce, 'hex'));
  decipher.setAuthTag(Buffer.from(params.tag, 'hex'));
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** The slot key that scrypt derives from a password slot. */
export function slotKeyOf(slot: AegisSlot, password: string): Buffer {
  return scryptSync(password, Buffer.from(slot.salt, 'hex'), 32, {
    N: slot.n,
    r: slot.r,
    p: slot.p,
    maxmem: 256 * slot.n * slot.r,
  });
}

/** The vault's content, opened by the first password slot that takes `password`; throws if none. */
export function openAegis<Entry>(data: unknown, password: string): AegisDb<Entry> {
  const vault = data as AegisVault;
  for (const slot of vault.header.slots.filter((s) => s.type === 1)) {
    let master: Buffer;
    try {
      master = gcmOpen(slotKeyOf(slot, password), slot.key_params, Buffer.from(slot.key, 'hex'));
    } catch {
      continue;
    }
    const plain = gcmOpen(master, vault.header.params, Buffer.from(vault.db, 'base64'));
    return JSON.parse(plain.toString('utf8')) as AegisDb<Entry>;
  }
  throw new Error('no slot opens with this password');
}
