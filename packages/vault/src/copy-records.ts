import { fromBase64, toBase64, toHex, utf8Bytes } from './bytes.js';
import { CURVE, contentKey, openSealedJson } from './device-copy.js';
import { VaultError } from './errors.js';

/*
 * A device copy's content record by record, so that a refresh writes only what changed: each
 * account is one record, and the rest (groups, settings, the list's order) one more, `meta`. A
 * record is sealed to the device's public key like `sealContent`, but a refresh seals all its
 * records under one ephemeral ECDH key (a batch): one key agreement per refresh, not one per
 * account, and as few at the opening as there are batches still in use. Each record has its own
 * nonce. Whoever holds the public key writes records; only the private key reads them.
 */

/** One record: its batch, nonce and ciphertext with its tag (base64). */
export interface SealedRecord {
  readonly batch: string;
  readonly iv: string;
  readonly data: string;
}

export interface CopyRecords {
  /** By batch id: the ephemeral public key the batch's records were sealed with. */
  readonly batches: Readonly<Record<string, JsonWebKey>>;
  /** Everything but the accounts. */
  readonly meta: SealedRecord;
  /** By account id. */
  readonly accounts: Readonly<Record<string, SealedRecord>>;
  /**
   * By account id: the account's note and recovery codes, only on a device whose user chose to keep
   * them (and only for the accounts that have any). Absent on copies made before, or without them.
   */
  readonly extras?: Readonly<Record<string, SealedRecord>>;
}

const subtle = () => globalThis.crypto.subtle;

/** Seals records in one batch: a fresh ephemeral key, a fresh nonce per record. */
export interface RecordSealer {
  readonly batch: string;
  readonly ephemeral: JsonWebKey;
  seal(value: unknown): Promise<SealedRecord>;
}

export async function newRecordSealer(devicePublicKey: JsonWebKey): Promise<RecordSealer> {
  const recipient = await subtle().importKey('jwk', devicePublicKey, CURVE, false, []);
  const pair = await subtle().generateKey(CURVE, true, ['deriveBits']);
  const key = await contentKey(pair.privateKey, recipient, 'encrypt');
  const batch = toHex(globalThis.crypto.getRandomValues(new Uint8Array(8)));
  return {
    batch,
    ephemeral: await subtle().exportKey('jwk', pair.publicKey),
    seal: async (value) => {
      const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
      const plain = utf8Bytes(JSON.stringify(value));
      const data = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, key, plain));
      return { batch, iv: toBase64(iv), data: toBase64(data) };
    },
  };
}

/**
 * Opens records with the device's private key, one key agreement per batch: `tampered` when a
 * record does not authenticate, `malformed` when its fields or its batch are broken or missing.
 */
export function recordOpener(
  devicePrivateKey: CryptoKey,
  batches: CopyRecords['batches'],
): (record: SealedRecord) => Promise<unknown> {
  const keys = new Map<string, Promise<CryptoKey>>();
  const keyOf = (batch: string) => {
    let key = keys.get(batch);
    if (!key) {
      const ephemeral = Object.hasOwn(batches, batch) ? batches[batch] : undefined;
      key = (async () => {
        if (!ephemeral) throw new VaultError('malformed');
        let sender: CryptoKey;
        try {
          sender = await subtle().importKey('jwk', ephemeral, CURVE, false, []);
        } catch {
          throw new VaultError('malformed');
        }
        return contentKey(devicePrivateKey, sender, 'decrypt');
      })();
      keys.set(batch, key);
    }
    return key;
  };
  return async (record) => {
    const iv = fromBase64(record.iv);
    const data = fromBase64(record.data);
    if (!iv || !data) throw new VaultError('malformed');
    return openSealedJson(await keyOf(record.batch), iv, data);
  };
}

/** A refresh's records: its batch, the new meta, the accounts it sealed and what it drops. */
export interface RecordUpdate {
  readonly batch: string;
  readonly ephemeral: JsonWebKey;
  readonly meta: SealedRecord;
  readonly accounts: Readonly<Record<string, SealedRecord>>;
  /** Drop every account record held before (the server answered every account). */
  readonly reset: boolean;
  /** The account ids to keep (the list's): any other record is dropped. */
  readonly keep: readonly (number | string)[];
  /**
   * The extras records this refresh sealed; `null` drops every extras record (the copy no longer
   * keeps them). Absent: the extras held stay, for the accounts kept.
   */
  readonly extras?: Readonly<Record<string, SealedRecord>> | null;
  /** Account ids whose extras record goes (they have no note nor codes any more). */
  readonly extrasGone?: readonly (number | string)[];
}

/** The records after a refresh; batches no record uses any more are dropped. */
export function updatedRecords(held: CopyRecords | undefined, update: RecordUpdate): CopyRecords {
  const keep = new Set(update.keep.map(String));
  const accounts: Record<string, SealedRecord> = {};
  if (held && !update.reset) {
    for (const [id, record] of Object.entries(held.accounts)) if (keep.has(id)) accounts[id] = record;
  }
  for (const [id, record] of Object.entries(update.accounts)) if (keep.has(id)) accounts[id] = record;
  const extras = updatedExtras(held, update, keep);
  const used = new Set([
    update.meta.batch,
    ...Object.values(accounts).map((record) => record.batch),
    ...Object.values(extras ?? {}).map((record) => record.batch),
  ]);
  const batches: Record<string, JsonWebKey> = {};
  for (const batch of used) {
    const ephemeral = batch === update.batch ? update.ephemeral : held?.batches[batch];
    if (ephemeral) batches[batch] = ephemeral;
  }
  return { batches, meta: update.meta, accounts, ...(extras ? { extras } : {}) };
}

/** The extras records after a refresh, or undefined when the copy keeps none. */
function updatedExtras(
  held: CopyRecords | undefined,
  update: RecordUpdate,
  keep: ReadonlySet<string>,
): Record<string, SealedRecord> | undefined {
  if (update.extras === null) return undefined;
  const gone = new Set((update.extrasGone ?? []).map(String));
  const extras: Record<string, SealedRecord> = {};
  if (held?.extras && !update.reset) {
    for (const [id, record] of Object.entries(held.extras)) {
      if (keep.has(id) && !gone.has(id)) extras[id] = record;
    }
  }
  for (const [id, record] of Object.entries(update.extras ?? {})) if (keep.has(id)) extras[id] = record;
  return update.extras || held?.extras ? extras : undefined;
}
