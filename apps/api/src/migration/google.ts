import { encodeBase32, storageSecret } from '../accounts/otp-engine.js';
import type { Message } from '../i18n/translate.js';
import { invalidRow, rowError, type SourceRow } from './rows.js';

/*
 * Google Authenticator migration URIs (formats.md §4): `otpauth-migration://offline?data=<base64
 * of a protobuf MigrationPayload>`. The data is taken raw and decoded with decodeURIComponent only
 * (a form decoder would turn `+` into a space), validated as base64, then read field by field.
 */

export const MIGRATION_PREFIX = /^otpauth-migration:\/\/offline\?data=/i;

class Invalid extends Error {}

class Reader {
  pos = 0;
  constructor(private readonly bytes: Buffer) {}
  get done() {
    return this.pos >= this.bytes.length;
  }
  varint(): bigint {
    let result = 0n;
    for (let i = 0; i < 10; i += 1) {
      if (this.pos >= this.bytes.length) throw new Invalid('truncated varint');
      const byte = this.bytes[this.pos++]!;
      result |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) return result;
    }
    throw new Invalid('varint too long');
  }
  tag(): { field: number; wire: number } {
    const key = this.varint();
    const field = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (field === 0) throw new Invalid('field 0');
    return { field, wire };
  }
  bytesField(): Buffer {
    const length = Number(this.varint());
    if (length < 0 || this.pos + length > this.bytes.length) throw new Invalid('length past the end');
    const out = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return out;
  }
  skip(wire: number): void {
    if (wire === 0) this.varint();
    else if (wire === 1) this.advance(8);
    else if (wire === 2) this.bytesField();
    else if (wire === 5) this.advance(4);
    else throw new Invalid(`wire type ${wire}`);
  }
  private advance(count: number) {
    if (this.pos + count > this.bytes.length) throw new Invalid('truncated');
    this.pos += count;
  }
}

interface OtpParameters {
  secret: Buffer;
  name: string;
  issuer: string;
  algorithm: number;
  digits: number;
  type: number;
  counter: bigint;
  period: bigint;
}

interface Payload {
  entries: OtpParameters[];
  batchSize: number;
  batchIndex: number;
  batchId: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeParameters(bytes: Buffer): OtpParameters {
  const reader = new Reader(bytes);
  const entry: OtpParameters = {
    secret: Buffer.alloc(0),
    name: '',
    issuer: '',
    algorithm: 0,
    digits: 0,
    type: 0,
    counter: 0n,
    period: 0n,
  };
  while (!reader.done) {
    const { field, wire } = reader.tag();
    const expect = (type: number) => {
      if (wire !== type) throw new Invalid(`field ${field} has wire type ${wire}`);
    };
    switch (field) {
      case 1:
        expect(2);
        entry.secret = Buffer.from(reader.bytesField());
        break;
      case 2:
      case 3: {
        expect(2);
        let text: string;
        try {
          text = utf8.decode(reader.bytesField());
        } catch {
          throw new Invalid('bad UTF-8');
        }
        if (field === 2) entry.name = text;
        else entry.issuer = text;
        break;
      }
      case 4:
      case 5:
      case 6: {
        expect(0);
        const value = Number(BigInt.asIntN(32, reader.varint()));
        if (field === 4) entry.algorithm = value;
        else if (field === 5) entry.digits = value;
        else entry.type = value;
        break;
      }
      case 7:
        expect(0);
        entry.counter = BigInt.asIntN(64, reader.varint());
        break;
      case 8:
        expect(0);
        entry.period = BigInt.asIntN(64, reader.varint());
        break;
      default:
        reader.skip(wire);
    }
  }
  return entry;
}

function decodePayload(bytes: Buffer): Payload {
  const reader = new Reader(bytes);
  const payload: Payload = { entries: [], batchSize: 0, batchIndex: 0, batchId: 0 };
  while (!reader.done) {
    const { field, wire } = reader.tag();
    if (field === 1) {
      if (wire !== 2) throw new Invalid('otp_parameters');
      payload.entries.push(decodeParameters(reader.bytesField()));
    } else if (field >= 2 && field <= 5 && wire === 0) {
      const value = Number(BigInt.asIntN(32, reader.varint()));
      if (field === 3) payload.batchSize = value;
      else if (field === 4) payload.batchIndex = value;
      else if (field === 5) payload.batchId = value;
    } else reader.skip(wire);
  }
  return payload;
}

/** The protobuf bytes of one migration URI; throws Invalid when the data is not clean base64. */
function payloadBytes(uri: string): Buffer {
  const match = MIGRATION_PREFIX.exec(uri.trim());
  if (!match) throw new Invalid('not a migration URI');
  const rest = uri.trim().slice(match[0].length);
  const raw = rest.split('&')[0] ?? '';
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw new Invalid('bad escape');
  }
  text = text.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new Invalid('not base64');
  const unpadded = text.replace(/=+$/, '');
  if (unpadded.length === 0 || unpadded.length % 4 === 1) throw new Invalid('bad base64 length');
  return Buffer.from(unpadded, 'base64');
}

function toRow(entry: OtpParameters): SourceRow {
  const issuer = entry.issuer;
  let account = entry.name;
  if (issuer !== '' && account.startsWith(`${issuer}:`)) account = account.slice(issuer.length + 1).trimStart();
  const service = issuer === '' ? null : issuer;
  const fail = (error: Message, otpType: SourceRow['otp_type'] = 'totp'): SourceRow =>
    invalidRow(error, { service, account, otp_type: otpType });
  const type = entry.type === 1 ? 'hotp' : entry.type === 0 || entry.type === 2 ? 'totp' : undefined;
  if (!type) return fail(rowError.unsupportedType);
  const algorithm = ({ 0: 'sha1', 1: 'sha1', 2: 'sha256', 3: 'sha512', 4: 'md5' } as Record<number, string>)[
    entry.algorithm
  ];
  if (!algorithm) return fail(rowError.algorithm, type);
  const digits = ({ 0: 6, 1: 6, 2: 8 } as Record<number, number>)[entry.digits];
  if (!digits) return fail(rowError.digits, type);
  if (entry.secret.length === 0) return fail(rowError.secret, type);
  if (account.trim() === '') return fail(rowError.label, type);
  const counter = entry.counter < 0n || entry.counter > BigInt(Number.MAX_SAFE_INTEGER) ? -1 : Number(entry.counter);
  if (type === 'hotp' && counter < 0) return fail(rowError.counter, type);
  const period = entry.period > 0n && entry.period <= 2_147_483_647n ? Number(entry.period) : 30;
  return {
    otp_type: type,
    service,
    account,
    secret: storageSecret(encodeBase32(entry.secret)),
    digits,
    algorithm,
    period: type === 'totp' ? period : null,
    counter: type === 'hotp' ? counter : null,
    icon: null,
    group: null,
  };
}

export interface GoogleImport {
  readonly rows: SourceRow[];
  /** "QR code 2 of 3 not scanned" for each missing part of a batch. */
  readonly notices: string[];
}

/**
 * Decodes one or more migration URIs (one per line; formats.md §4.6): a repeated
 * (batch_id, batch_index) is ignored; missing parts of a batch are reported. Undefined when any
 * payload is unreadable (400 for the whole import).
 */
export function decodeGoogleMigration(lines: readonly string[]): GoogleImport | undefined {
  try {
    const seen = new Set<string>();
    const batches = new Map<number, { size: number; indexes: Set<number> }>();
    const rows: SourceRow[] = [];
    for (const line of lines) {
      const payload = decodePayload(payloadBytes(line));
      const key = `${payload.batchId}:${payload.batchIndex}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const batch = batches.get(payload.batchId) ?? { size: payload.batchSize, indexes: new Set<number>() };
      batch.indexes.add(payload.batchIndex);
      batch.size = Math.max(batch.size, payload.batchSize);
      batches.set(payload.batchId, batch);
      rows.push(...payload.entries.map(toRow));
    }
    const notices: string[] = [];
    for (const batch of batches.values()) {
      if (batch.size > 100) continue;
      for (let index = 0; index < batch.size; index += 1) {
        if (!batch.indexes.has(index)) notices.push(`QR code ${index + 1} of ${batch.size} not scanned`);
      }
    }
    return { rows, notices };
  } catch (error) {
    if (error instanceof Invalid) return undefined;
    throw error;
  }
}
