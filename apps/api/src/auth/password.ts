import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { PasswordHashing } from '../shared/password-port.js';

/*
 * Password hashing with scrypt (memory-hard, node:crypto). The stored form
 * carries its parameters so they can be raised later without breaking existing hashes:
 * `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`. A hash is checked at the cost it was made with.
 */

/** N of the hashes the server makes: 32 MiB of memory per hash with r = 8. */
export const PASSWORD_COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

const optionsOf = (N: number, r: number, p: number): ScryptOptions => ({
  N,
  r,
  p,
  maxmem: 256 * N * r,
});

/**
 * The hashing at a cost N (a power of two): the server uses `PASSWORD_COST`; tests pass a low
 * cost so that their many sign-ins do not spend their time hashing.
 */
export function passwordHashing(cost: number = PASSWORD_COST): PasswordHashing {
  if (!Number.isSafeInteger(cost) || cost < 2 || (cost & (cost - 1)) !== 0)
    throw new TypeError('password hashing cost must be a power of two');
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await derive(password, salt, optionsOf(cost, BLOCK_SIZE, PARALLELISM));
    return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join(
      '$',
    );
  };
  /** A hash of a random password: compared against when there is no user, so timing reveals nothing. */
  let decoy: Promise<string> | undefined;
  const verify = async (password: string, stored: string | undefined): Promise<boolean> => {
    const text = stored ?? (await (decoy ??= hash(randomBytes(16).toString('hex'))));
    const [scheme, n, r, p, saltText, keyText] = text.split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || saltText === undefined || keyText === undefined)
      return false;
    const [N, R, P] = [Number(n), Number(r), Number(p)];
    if (![N, R, P].every((value) => Number.isSafeInteger(value) && value > 0) || N > 2 ** 20) return false;
    const expected = Buffer.from(keyText, 'base64');
    if (expected.length !== KEY_LENGTH) return false;
    const actual = await derive(password, Buffer.from(saltText, 'base64'), optionsOf(N, R, P));
    return timingSafeEqual(actual, expected) && stored !== undefined;
  };
  return { hash, verify };
}
