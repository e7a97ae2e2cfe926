/*
 * A minimal protobuf wire-format reader and writer, enough for Google
 * Authenticator's MigrationPayload. Browser-safe: Uint8Array and BigInt only.
 */

/** Thrown by the reader on malformed input; callers turn it into a typed error. */
export class ProtobufError extends Error {}

/** Wire types. */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LENGTH_DELIMITED = 2;
export const WIRE_FIXED32 = 5;

/** One field read from a message: a varint as BigInt or the bytes of a length-delimited field. */
export type ProtobufField =
  | { readonly field: number; readonly wire: typeof WIRE_VARINT; readonly value: bigint }
  | { readonly field: number; readonly wire: typeof WIRE_LENGTH_DELIMITED; readonly bytes: Uint8Array };

/**
 * Reads every field of one message, in order. Fixed-width fields are skipped. Throws
 * `ProtobufError` on a field number of 0, an unknown wire type, a varint longer than 10 bytes or
 * a length running past the end.
 */
export function readFields(bytes: Uint8Array): ProtobufField[] {
  const fields: ProtobufField[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let i = 0; i < 10; i++) {
      const byte = bytes[pos++];
      if (byte === undefined) throw new ProtobufError('truncated varint');
      result |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) return result & 0xffff_ffff_ffff_ffffn;
    }
    throw new ProtobufError('varint longer than 10 bytes');
  };
  const skip = (length: number): void => {
    if (length > bytes.length - pos) throw new ProtobufError('length past the end');
    pos += length;
  };
  while (pos < bytes.length) {
    const tag = varint();
    const field = Number(tag >> 3n);
    const wire = Number(tag & 7n);
    if (field === 0) throw new ProtobufError('field number 0');
    switch (wire) {
      case WIRE_VARINT:
        fields.push({ field, wire, value: varint() });
        break;
      case WIRE_FIXED64:
        skip(8);
        break;
      case WIRE_LENGTH_DELIMITED: {
        const length = varint();
        if (length > BigInt(bytes.length - pos)) throw new ProtobufError('length past the end');
        const start = pos;
        skip(Number(length));
        fields.push({ field, wire, bytes: bytes.subarray(start, pos) });
        break;
      }
      case WIRE_FIXED32:
        skip(4);
        break;
      default:
        throw new ProtobufError('unknown wire type');
    }
  }
  return fields;
}

/** A varint as a signed 32-bit integer (`int32`: negative values arrive sign-extended to 64 bits). */
export function toInt32(value: bigint): number {
  return Number(BigInt.asIntN(32, value));
}

/** A varint as a signed 64-bit integer (`int64`). */
export function toInt64(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}

/** Builds a message field by field, in the order written. */
export class ProtobufWriter {
  private readonly chunks: number[] = [];

  private varint(value: bigint): void {
    let rest = BigInt.asUintN(64, value);
    while (rest >= 0x80n) {
      this.chunks.push(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    this.chunks.push(Number(rest));
  }

  /** Writes a varint field; negative values are sign-extended to 64 bits (10 bytes). */
  uint(field: number, value: number | bigint): this {
    this.varint(BigInt(field) << 3n);
    this.varint(BigInt(value));
    return this;
  }

  /** Writes a length-delimited field. */
  bytes(field: number, value: Uint8Array): this {
    this.varint((BigInt(field) << 3n) | BigInt(WIRE_LENGTH_DELIMITED));
    this.varint(BigInt(value.length));
    for (const byte of value) this.chunks.push(byte);
    return this;
  }

  /** Writes a UTF-8 string field. */
  string(field: number, value: string): this {
    return this.bytes(field, new TextEncoder().encode(value));
  }

  /** The encoded message. */
  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}
