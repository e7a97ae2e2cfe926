import { createCipheriv, createHash, createHmac, pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { argon2id } from 'hash-wasm';
import sodium from 'libsodium-wrappers';
import { TWOFAS_REFERENCE } from '../src/encrypted.js';
import * as F from './fixtures.js';

/*
 * Builders of encrypted fixtures, shared by this package's tests and the API's HTTP tests. Only
 * Aegis's encrypted vault is published with its password; the others are built here with
 * node:crypto (PBKDF2, scrypt, AES-GCM, AES-CBC, HMAC), hash-wasm (Argon2id) and libsodium's
 * secretstream *push* side, independently of the package's decryption path (WebCrypto and
 * libsodium's pull side), following each app's documented layout.
 */

export const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const PLAIN_TXT = F.AEGIS_PLAIN_TXT;
const ANDOTP_ITEMS = F.ANDOTP_PLAIN;

export function gcm(key: Uint8Array, iv: Uint8Array, plain: Uint8Array, aad?: Uint8Array) {
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { data, tag: cipher.getAuthTag() };
}

export function aegisVault(slotParams: { n: number; r: number; p: number }, password = 'pw', slotType = 1) {
  const master = randomBytes(32);
  const salt = randomBytes(32);
  const small = slotParams.n <= 2 ** 14;
  const key = small
    ? scryptSync(password, salt, 32, { N: slotParams.n, r: slotParams.r, p: slotParams.p })
    : randomBytes(32);
  const slotIv = randomBytes(12);
  const wrapped = gcm(key, slotIv, master);
  const dbIv = randomBytes(12);
  const db = gcm(master, dbIv, Buffer.from(JSON.stringify(JSON.parse(F.AEGIS_PLAIN).db)));
  return JSON.stringify({
    version: 1,
    header: {
      slots: [
        {
          type: slotType,
          uuid: 'u',
          key: wrapped.data.toString('hex'),
          key_params: { nonce: slotIv.toString('hex'), tag: wrapped.tag.toString('hex') },
          ...slotParams,
          salt: salt.toString('hex'),
        },
      ],
      params: { nonce: dbIv.toString('hex'), tag: db.tag.toString('hex') },
    },
    db: db.data.toString('base64'),
  });
}

export function twoFasFile(password: string, withReference = true) {
  const salt = randomBytes(256);
  const key = pbkdf2Sync(password, salt, 10_000, 32, 'sha256');
  const part = (plain: string) => {
    const iv = randomBytes(12);
    const { data, tag } = gcm(key, iv, Buffer.from(plain));
    return `${b64(Buffer.concat([data, tag]))}:${b64(salt)}:${b64(iv)}`;
  };
  const plain = JSON.parse(F.TWOFAS_V4) as { services: object[] };
  return JSON.stringify({
    services: [],
    groups: [],
    schemaVersion: 4,
    servicesEncrypted: part(JSON.stringify(plain.services)),
    ...(withReference ? { reference: part(TWOFAS_REFERENCE) } : {}),
  });
}

export function andOtpFile(password: string, iterations: number, plain = ANDOTP_ITEMS) {
  const salt = randomBytes(12);
  const iv = randomBytes(12);
  const key = pbkdf2Sync(password, salt, iterations, 32, 'sha1');
  const { data, tag } = gcm(key, iv, Buffer.from(plain));
  const head = Buffer.alloc(4);
  head.writeUInt32BE(iterations);
  return new Uint8Array(Buffer.concat([head, salt, iv, data, tag]));
}

export async function enteFile(password: string, memLimit: number, opsLimit: number, text = PLAIN_TXT) {
  await sodium.ready;
  const salt = randomBytes(16);
  const key = await argon2id({
    password,
    salt,
    iterations: opsLimit,
    parallelism: 1,
    memorySize: memLimit / 1024,
    hashLength: 32,
    outputType: 'binary',
  });
  const { state, header } = sodium.crypto_secretstream_xchacha20poly1305_init_push(key);
  const data = sodium.crypto_secretstream_xchacha20poly1305_push(
    state,
    new TextEncoder().encode(text),
    null,
    sodium.crypto_secretstream_xchacha20poly1305_TAG_FINAL,
  );
  return {
    json: {
      version: 1,
      kdfParams: { memLimit, opsLimit, salt: b64(salt) },
      encryptedData: b64(data),
      encryptionNonce: b64(header),
    },
    key,
  };
}

export async function bitwardenFile(
  password: string,
  kdf: { kdfType: 0 | 1; kdfIterations: number; kdfMemory?: number; kdfParallelism?: number },
) {
  const salt = 'salt-' + randomBytes(8).toString('hex');
  const master =
    kdf.kdfType === 0
      ? pbkdf2Sync(password, salt, kdf.kdfIterations, 32, 'sha256')
      : await argon2id({
          password,
          salt: createHash('sha256').update(salt).digest(),
          iterations: kdf.kdfIterations,
          parallelism: kdf.kdfParallelism ?? 1,
          memorySize: (kdf.kdfMemory ?? 1) * 1024,
          hashLength: 32,
          outputType: 'binary',
        });
  const expand = (info: string) =>
    createHmac('sha256', master)
      .update(Buffer.concat([Buffer.from(info), Buffer.from([1])]))
      .digest();
  const encKey = expand('enc');
  const macKey = expand('mac');
  const encString = (plain: string) => {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', encKey, iv);
    const data = Buffer.concat([cipher.update(plain), cipher.final()]);
    const mac = createHmac('sha256', macKey)
      .update(Buffer.concat([iv, data]))
      .digest();
    return `2.${b64(iv)}|${b64(data)}|${b64(mac)}`;
  };
  return JSON.stringify({
    encrypted: true,
    passwordProtected: true,
    salt,
    ...kdf,
    encKeyValidation_DO_NOT_EDIT: encString(randomBytes(8).toString('hex')),
    data: encString(F.BITWARDEN_JSON),
  });
}
