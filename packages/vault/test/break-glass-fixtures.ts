import { createHmac } from 'node:crypto';
import { createPasswordSlot, generateMasterKey, sealVault } from '../src/index.js';
import type { BreakGlassStrings } from '../src/break-glass/index.js';

/* What the break-glass tests share: English words, vaults of n accounts, and codes from node:crypto. */

export const STRINGS: BreakGlassStrings = {
  title: 'Twofold break-glass copy',
  made: 'Made on :date',
  read_only: 'Read-only copy',
  password: 'Backup password',
  open: 'Open',
  wrong: 'This password does not open the file.',
  search: 'Search',
  counter: 'Counter :counter',
  reveal: 'Show note and recovery codes',
  note: 'Note',
  recovery_codes: 'Recovery codes',
  used: 'used',
  none: 'No account matches.',
};

export const SECRET_NOTE = 'the-note-that-must-stay-sealed';
export const SECRET_CODE = 'RECOVERY-7Q4Z-SEALED';

/** An entry as the backups write it (db version 3), its secret made from its index. */
export function entry(i: number, extras = false) {
  return {
    type: 'totp',
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: `user${i}@example.org`,
    issuer: `Service ${i}`,
    note: extras ? SECRET_NOTE : '',
    favorite: false,
    icon: null,
    icon_mime: null,
    icon_hash: null,
    info: {
      secret: `JBSWY3DPEHPK3PXP${'ABCDEFGHIJKLMNOP'.slice(i % 16)}`.slice(0, 32),
      algo: 'SHA1',
      digits: 6,
      period: 30,
    },
    groups: [],
    ...(extras ? { twofold: { recovery_codes: [{ code: SECRET_CODE, used_at: null }] } } : {}),
  };
}

/** A sealed vault of `count` accounts (the first with a note and a recovery code); a cheap scrypt. */
export async function vaultOf(count: number, password: string) {
  const masterKey = generateMasterKey();
  const slot = await createPasswordSlot(password, masterKey, { params: { N: 2 ** 10, r: 8, p: 1 } });
  const entries = Array.from({ length: count }, (_, i) => entry(i, i === 0));
  return sealVault({ version: 3, entries, groups: [] }, [slot], masterKey);
}

const base32 = (text: string): Buffer => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase())
    bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
};

/** RFC 4226/6238 with node:crypto, and Steam's alphabet: the codes the page must show. */
export function expectedCode(
  type: string,
  secret: string,
  algo: string,
  digits: number,
  counter: number,
): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(type === 'steam' ? 'sha1' : algo.toLowerCase(), base32(secret))
    .update(message)
    .digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  let value = digest.readUInt32BE(offset) & 0x7fffffff;
  if (type !== 'steam') return String(value % 10 ** digits).padStart(digits, '0');
  const steam = '23456789BCDFGHJKMNPQRTVWXY';
  let code = '';
  for (let i = 0; i < 5; i++) {
    code += steam[value % steam.length];
    value = Math.floor(value / steam.length);
  }
  return code;
}
