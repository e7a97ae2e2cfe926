/*
 * A reader of one Java-serialised `java.util.HashMap<String, String>` (Java Object Serialization
 * Stream Protocol: magic, the class descriptor, its primitive fields (`loadFactor`, `threshold`), then the
 * block of `capacity, size` and `size` key/value string objects, back-references allowed). FreeOTP
 * 2 writes its backups so. Anything else — another class, other value types — is null.
 */

const TC_NULL = 0x70;
const TC_REFERENCE = 0x71;
const TC_CLASSDESC = 0x72;
const TC_OBJECT = 0x73;
const TC_STRING = 0x74;
const TC_BLOCKDATA = 0x77;
const TC_ENDBLOCKDATA = 0x78;
const TC_LONGSTRING = 0x7c;
const BASE_HANDLE = 0x7e0000;
const PRIMITIVE_SIZES: Readonly<Record<string, number>> = { B: 1, C: 2, D: 8, F: 4, I: 4, J: 8, S: 2, Z: 1 };

class Reader {
  at = 0;
  readonly handles: unknown[] = [];
  constructor(readonly bytes: Uint8Array) {}
  u8(): number {
    if (this.at >= this.bytes.length) throw new Error('truncated');
    return this.bytes[this.at++]!;
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  u32(): number {
    return ((this.u16() << 16) | this.u16()) >>> 0;
  }
  skip(count: number): void {
    if (this.at + count > this.bytes.length) throw new Error('truncated');
    this.at += count;
  }
  /** Modified UTF-8 (Java's DataInput): 1–3 byte sequences, each a UTF-16 code unit. */
  utf(length: number): string {
    if (this.at + length > this.bytes.length) throw new Error('truncated');
    const end = this.at + length;
    const units: number[] = [];
    while (this.at < end) {
      const a = this.u8();
      if (a < 0x80) units.push(a);
      else if ((a & 0xe0) === 0xc0) units.push(((a & 0x1f) << 6) | (this.u8() & 0x3f));
      else if ((a & 0xf0) === 0xe0)
        units.push(((a & 0x0f) << 12) | ((this.u8() & 0x3f) << 6) | (this.u8() & 0x3f));
      else throw new Error('bad utf');
    }
    let text = '';
    for (let i = 0; i < units.length; i += 8192) text += String.fromCharCode(...units.slice(i, i + 8192));
    return text;
  }
  string(): string {
    const tag = this.u8();
    if (tag === TC_REFERENCE) {
      const value = this.handles[this.u32() - BASE_HANDLE];
      if (typeof value !== 'string') throw new Error('bad reference');
      return value;
    }
    let length: number;
    if (tag === TC_STRING) length = this.u16();
    else if (tag === TC_LONGSTRING) {
      if (this.u32() !== 0) throw new Error('too long');
      length = this.u32();
    } else throw new Error('not a string');
    const value = this.utf(length);
    this.handles.push(value);
    return value;
  }
}

/** The entries of a serialised HashMap of strings, or null. */
export function readSerializedStringMap(bytes: Uint8Array, maxEntries: number): Map<string, string> | null {
  const r = new Reader(bytes);
  try {
    if (r.u16() !== 0xaced || r.u16() !== 5 || r.u8() !== TC_OBJECT || r.u8() !== TC_CLASSDESC) return null;
    if (r.utf(r.u16()) !== 'java.util.HashMap') return null;
    r.skip(8 + 1); // serialVersionUID, flags
    r.handles.push('class');
    const fields = r.u16();
    let values = 0;
    for (let i = 0; i < fields; i++) {
      const type = String.fromCharCode(r.u8());
      r.utf(r.u16());
      // Primitive fields only (Android's older HashMap has loadFactor alone, newer ones threshold too).
      const size = PRIMITIVE_SIZES[type];
      if (size === undefined) return null;
      values += size;
    }
    if (r.u8() !== TC_ENDBLOCKDATA || r.u8() !== TC_NULL) return null;
    r.handles.push('map');
    r.skip(values); // loadFactor, threshold
    if (r.u8() !== TC_BLOCKDATA || r.u8() !== 8) return null;
    r.skip(4); // capacity
    const size = r.u32();
    if (size > maxEntries * 2 + 1) return null;
    const map = new Map<string, string>();
    for (let i = 0; i < size; i++) {
      const key = r.string();
      map.set(key, r.string());
    }
    return r.u8() === TC_ENDBLOCKDATA ? map : null;
  } catch {
    return null;
  }
}
