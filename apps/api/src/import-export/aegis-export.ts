import { createCipheriv, createHash, randomBytes, randomUUID, scrypt } from 'node:crypto';
import { promisify } from 'node:util';
import type { AccountView } from '../accounts/accounts.mapper.js';

/*
 * The Aegis-compatible vault we export (formats.md §6.3): db version 3, one random uuid per entry
 * and per group, plain or encrypted with a password slot (scrypt N=32768, r=8, p=1; AES-256-GCM).
 */

export interface AegisIcon {
  readonly bytes: Buffer;
  readonly mime: string;
}

export interface AegisVault {
  version: 1;
  header: { slots: unknown[] | null; params: { nonce: string; tag: string } | null };
  db: Record<string, unknown> | string;
}

const AEGIS_TYPE: Readonly<Record<string, string>> = { totp: 'totp', hotp: 'hotp', steamtotp: 'steam' };

/** The db object (version 3) of the given accounts; `groupNames` maps our group ids to names. */
export function aegisDb(
  accounts: readonly { view: AccountView; icon: AegisIcon | undefined }[],
  groupNames: ReadonlyMap<number, string>,
): Record<string, unknown> {
  const groupUuids = new Map<number, string>();
  const entries = accounts.map(({ view, icon }) => {
    let groups: string[] = [];
    const groupName = view.group_id === null ? undefined : groupNames.get(view.group_id);
    if (view.group_id !== null && groupName !== undefined) {
      const uuid = groupUuids.get(view.group_id) ?? randomUUID();
      groupUuids.set(view.group_id, uuid);
      groups = [uuid];
    }
    const counterOrPeriod =
      view.otp_type === 'hotp' ? { counter: view.counter ?? 0 } : { period: view.period ?? 30 };
    return {
      type: AEGIS_TYPE[view.otp_type] ?? view.otp_type,
      uuid: randomUUID(),
      name: view.account,
      issuer: view.service ?? '',
      note: '',
      favorite: false,
      icon: icon ? icon.bytes.toString('base64') : null,
      icon_mime: icon ? icon.mime : null,
      icon_hash: icon ? createHash('sha256').update(icon.bytes).digest('hex') : null,
      info: {
        secret: view.secret.replace(/=+$/, '').toUpperCase(),
        algo: view.algorithm.toUpperCase(),
        digits: view.digits,
        ...counterOrPeriod,
      },
      groups,
    };
  });
  return {
    version: 3,
    entries,
    groups: [...groupUuids].map(([id, uuid]) => ({ uuid, name: groupNames.get(id) ?? '' })),
  };
}

export function plainVault(db: Record<string, unknown>): AegisVault {
  return { version: 1, header: { slots: null, params: null }, db };
}

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const N = 32768;
const R = 8;
const P = 1;

function seal(key: Buffer, nonce: Buffer, plaintext: Buffer): { ciphertext: Buffer; tag: Buffer } {
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, tag: cipher.getAuthTag() };
}

/** The encrypted vault (formats.md §6.3 steps 1–4): a random master key wrapped by one password slot. */
export async function encryptedVault(db: Record<string, unknown>, password: string): Promise<AegisVault> {
  const masterKey = randomBytes(32);
  const salt = randomBytes(32);
  const slotNonce = randomBytes(12);
  const dbNonce = randomBytes(12);
  // Off the event loop; 128·N·r bytes of memory (32 MiB), allowed explicitly (formats.md §5.6).
  const slotKey = await scryptAsync(password, salt, 32, { N, r: R, p: P, maxmem: 256 * N * R });
  const wrapped = seal(slotKey, slotNonce, masterKey);
  const content = seal(masterKey, dbNonce, Buffer.from(JSON.stringify(db), 'utf8'));
  return {
    version: 1,
    header: {
      slots: [
        {
          type: 1,
          uuid: randomUUID(),
          key: wrapped.ciphertext.toString('hex'),
          key_params: { nonce: slotNonce.toString('hex'), tag: wrapped.tag.toString('hex') },
          n: N,
          r: R,
          p: P,
          salt: salt.toString('hex'),
          repaired: true,
        },
      ],
      params: { nonce: dbNonce.toString('hex'), tag: content.tag.toString('hex') },
    },
    db: content.ciphertext.toString('base64'),
  };
}
