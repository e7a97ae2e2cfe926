import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';

/*
 * A small software security key for API tests: ES256 (P-256) keys from node:crypto, `none`
 * attestation, CBOR encoded by hand, a signature counter. It answers the creation and request
 * options the server sends, like a browser's navigator.credentials would.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue> | Record<string, unknown>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item as CborValue)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CreationOptionsJson {
  rp: { id: string; name: string };
  user: { id: string; name: string; displayName: string };
  challenge: string;
}

export interface RequestOptionsJson {
  challenge: string;
  rpId: string;
}

export interface SoftCredential {
  readonly id: string;
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly rpId: string;
  readonly userHandle: string;
  counter: number;
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(
    /** Origin the "browser" reports in clientDataJSON. */
    public origin = 'http://localhost:8000',
    /** Whether the user is verified (PIN, biometrics): the UV flag. */
    public userVerified = true,
  ) {}

  private flags(extra = 0): number {
    return UP | (this.userVerified ? UV : 0) | extra;
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }), 'utf8');
  }

  /** navigator.credentials.create(): a `none` attestation for a new key pair. */
  create(options: CreationOptionsJson, overrides: { rpId?: string } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]);
    const rawId = randomBytes(32);
    const rpId = overrides.rpId ?? options.rp.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([this.flags(AT)]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // AAGUID
      idLength,
      rawId,
      cbor(coseKey),
    ]);
    const credential: SoftCredential = {
      id: b64url(rawId),
      privateKey,
      publicKey,
      rpId,
      userHandle: options.user.id,
      counter: 0,
    };
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['usb'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'cross-platform',
    };
  }

  /** navigator.credentials.get(): an assertion signed by a known credential (the last by default). */
  get(options: RequestOptionsJson, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('the authenticator has no credential');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(options.rpId), Buffer.from([this.flags()]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = createSign('sha256')
      .update(Buffer.concat([authData, sha256(clientDataJSON)]))
      .sign(credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
