import { createCipheriv, createDecipheriv, randomBytes, randomUUID, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { AegisVault } from '../import-export/aegis-export.js';

/*
 * The backup vault: Aegis' encrypted format with a vault key (master key) that outlives a single
 * backup. The password slot wraps it once, when the backup password is set; every backup then
 * encrypts its db with that key under a fresh random nonce, so no scrypt runs per backup.
 */

export interface PasswordSlot {
  readonly type: 1;
  readonly uuid: string;
  readonly key: string;
  readonly key_params: { readonly nonce: string; readonly tag: string };
  readonly n: number;
  readonly r: number;
  readonly p: number;
  readonly salt: string;
  readonly repaired: true;
}

const N = 32768;
const R = 8;
const P = 1;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// Off the event loop; 128·N·r bytes of memory (32 MiB), allowed explicitly.
const deriveSlotKey = (password: string, salt: Buffer) =>
  scryptAsync(password, salt, 32, { N, r: R, p: P, maxmem: 256 * N * R });

function seal(key: Buffer, plaintext: Buffer) {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, nonce: nonce.toString('hex'), tag: cipher.getAuthTag().toString('hex') };
}

/** A password slot wrapping `masterKey`. */
export async function passwordSlot(password: string, masterKey: Buffer): Promise<PasswordSlot> {
  const salt = randomBytes(32);
  const wrapped = seal(await deriveSlotKey(password, salt), masterKey);
  return {
    type: 1,
    uuid: randomUUID(),
    key: wrapped.ciphertext.toString('hex'),
    key_params: { nonce: wrapped.nonce, tag: wrapped.tag },
    n: N,
    r: R,
    p: P,
    salt: salt.toString('hex'),
    repaired: true,
  };
}

/** The master key the slot wraps, or undefined when the password does not open it. */
export async function openSlot(slot: PasswordSlot, password: string): Promise<Buffer | undefined> {
  const key = await deriveSlotKey(password, Buffer.from(slot.salt, 'hex'));
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(slot.key_params.nonce, 'hex'));
    decipher.setAuthTag(Buffer.from(slot.key_params.tag, 'hex'));
    return Buffer.concat([decipher.update(Buffer.from(slot.key, 'hex')), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** The vault of `db`, encrypted with the master key under a fresh nonce, headed by the slot. */
export function backupVault(db: Record<string, unknown>, slot: PasswordSlot, masterKey: Buffer): AegisVault {
  const content = seal(masterKey, Buffer.from(JSON.stringify(db), 'utf8'));
  return {
    version: 1,
    header: { slots: [slot], params: { nonce: content.nonce, tag: content.tag } },
    db: content.ciphertext.toString('base64'),
  };
}

/** The db object of one of our vaults, read with the master key; undefined when it does not open. */
export function openVault(vault: unknown, masterKey: Buffer): { entries?: unknown[] } | undefined {
  try {
    const { header, db } = vault as { header: { params: { nonce: string; tag: string } }; db: string };
    const decipher = createDecipheriv('aes-256-gcm', masterKey, Buffer.from(header.params.nonce, 'hex'));
    decipher.setAuthTag(Buffer.from(header.params.tag, 'hex'));
    const plain = Buffer.concat([decipher.update(Buffer.from(db, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as { entries?: unknown[] };
  } catch {
    return undefined;
  }
}
