/**
 * The sealing of the copy's content to the device's public key (ECIES on Web Crypto: an ephemeral
 * P-256 ECDH key, HKDF-SHA-256, AES-256-GCM). It lets the app refresh the copy whenever it reaches
 * the server without the passphrase: writing needs only the public key, reading needs the private
 * key, which is itself kept in an Aegis vault that the passphrase (or a passkey) opens.
 */
const CURVE = { name: 'ECDH', namedCurve: 'P-256' } as const;
const INFO = new TextEncoder().encode('twofold device copy v1');

export interface SealedContent {
  readonly ephemeral: JsonWebKey;
  readonly iv: string;
  readonly data: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * Large buffers: String.fromCharCode(...bytes) overflows the stack above some 100 KB. The chunks
 * are a multiple of 3 bytes long, so that no padding lands inside the joined text.
 */
const CHUNK = 3 * 8192;
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let index = 0; index < bytes.length; index += CHUNK)
    out += toBase64(bytes.subarray(index, index + CHUNK));
  return out;
}

/** A new device key pair: the public key in clear, the private key as bytes for the vault. */
export async function newDeviceKeys(): Promise<{
  publicKey: JsonWebKey;
  privateKey: Uint8Array<ArrayBuffer>;
}> {
  const pair = await crypto.subtle.generateKey(CURVE, true, ['deriveBits']);
  return {
    publicKey: await crypto.subtle.exportKey('jwk', pair.publicKey),
    privateKey: new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey)),
  };
}

/** The private key from the vault, not extractable: the page can use it but not read it. */
export function importPrivateKey(pkcs8: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', pkcs8, CURVE, false, ['deriveBits']);
}

async function contentKey(privateKey: CryptoKey, publicKey: CryptoKey, usage: KeyUsage): Promise<CryptoKey> {
  const shared = await crypto.subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256);
  const hkdf = await crypto.subtle.importKey('raw', shared, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: INFO },
    hkdf,
    { name: 'AES-GCM', length: 256 },
    false,
    [usage],
  );
}

export async function sealContent(devicePublicKey: JsonWebKey, content: unknown): Promise<SealedContent> {
  const recipient = await crypto.subtle.importKey('jwk', devicePublicKey, CURVE, false, []);
  const ephemeral = await crypto.subtle.generateKey(CURVE, true, ['deriveBits']);
  const key = await contentKey(ephemeral.privateKey, recipient, 'encrypt');
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(content));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  return {
    ephemeral: await crypto.subtle.exportKey('jwk', ephemeral.publicKey),
    iv: toBase64(iv),
    data: bytesToBase64(data),
  };
}

export async function openContent(devicePrivateKey: CryptoKey, sealed: SealedContent): Promise<unknown> {
  const sender = await crypto.subtle.importKey('jwk', sealed.ephemeral, CURVE, false, []);
  const key = await contentKey(devicePrivateKey, sender, 'decrypt');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(sealed.iv) },
    key,
    fromBase64(sealed.data),
  );
  return JSON.parse(new TextDecoder().decode(plain)) as unknown;
}
