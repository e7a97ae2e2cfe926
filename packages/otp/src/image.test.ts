import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeBmp } from './bmp.js';
import { IMAGE_MIME_TYPES, sniffImageFormat } from './image-format.js';
import { decodeQrImage } from './qr-decode.js';
import { closeQrWorker } from './qr-scan.js';

afterAll(() => closeQrWorker());

// 2FAuth's icon fixtures.
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAA7EAAAOxAGVKw4bAAAAC0lEQVQImWP4DwQACfsD/eNV8pwAAAAASUVORK5CYII=';
const WEBP = 'UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAB0CWJaQAA3AA/u9gAAA=';
const BMP_1X1 =
  'Qk2OAAAAAAAAAIoAAAB8AAAAAQAAAAEAAAABACAAAwAAACAAAAATCwAAEwsAAAAAAAAAAAAAAAD/AAD/AAD/AAAAAAAA/0JHUnMAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAMJXy/w==';
const bytes = (base64: string): Uint8Array => Uint8Array.from(Buffer.from(base64, 'base64'));

describe('sniffing the type from the bytes, never from a name', () => {
  it.each([
    [bytes(PNG_1X1), 'png'],
    [bytes(WEBP), 'webp'],
    [bytes(BMP_1X1), 'bmp'],
    [Uint8Array.from([0xff, 0xd8, 0xff, 0xdb, 0, 0]), 'jpeg'],
    [new TextEncoder().encode('GIF89a\x01\x00'), 'gif'],
    [new TextEncoder().encode('GIF87a\x01\x00'), 'gif'],
    [new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'svg'],
    [new TextEncoder().encode('\uFEFF  <?xml version="1.0"?>\n<!-- x -->\n<svg>'), 'svg'],
    [new TextEncoder().encode('<!DOCTYPE svg><svg viewBox="0 0 1 1"></svg>'), 'svg'],
    [new TextEncoder().encode('<html><svg></svg></html>'), null],
    [new TextEncoder().encode('<?xml version="1.0"?><html/>'), null],
    [new TextEncoder().encode('<?xml version="1.0"?><html><svg></svg></html>'), null],
    [new TextEncoder().encode('GIF90a'), null],
    [new TextEncoder().encode('RIFF\x00\x00\x00\x00WAVE'), null],
    [new TextEncoder().encode('BM'), null],
    [new Uint8Array(0), null],
  ])('%#: %s', (input, format) => {
    expect(sniffImageFormat(input)).toBe(format);
  });

  it('names the MIME type of each format', () => {
    expect(IMAGE_MIME_TYPES).toEqual({
      png: 'image/png',
      jpeg: 'image/jpeg',
      gif: 'image/gif',
      webp: 'image/webp',
      bmp: 'image/bmp',
      svg: 'image/svg+xml',
    });
  });
});

describe('the BMP decoder', () => {
  it("decodes 2FAuth's 32-bit V5 bit-field fixture", () => {
    const result = decodeBmp(bytes(BMP_1X1));
    expect(result.ok && { ...result.value, data: Array.from(result.value.data) }).toEqual({
      width: 1,
      height: 1,
      data: [0xf2, 0x95, 0x30, 0xff],
    });
  });

  it('decodes a 16-bit 5-5-5 bottom-up bitmap and an OS/2 1-bit one', () => {
    // 2 × 1, 16 bpp: pure red (0x7c00) and pure blue (0x001f).
    const rgb16 = Buffer.alloc(54 + 4);
    rgb16.write('BM', 0, 'latin1');
    rgb16.writeUInt32LE(54, 10);
    rgb16.writeUInt32LE(40, 14);
    rgb16.writeInt32LE(2, 18);
    rgb16.writeInt32LE(1, 22);
    rgb16.writeUInt16LE(16, 28);
    rgb16.writeUInt16LE(0x7c00, 54);
    rgb16.writeUInt16LE(0x001f, 56);
    const decoded = decodeBmp(rgb16);
    expect(decoded.ok && Array.from(decoded.value.data)).toEqual([255, 0, 0, 255, 0, 0, 255, 255]);

    // OS/2 core header (12 bytes), 1 bpp, 3 × 2, palette black/white, top row white-black-white.
    const core = Buffer.alloc(14 + 12 + 6 + 8);
    core.write('BM', 0, 'latin1');
    core.writeUInt32LE(32, 10);
    core.writeUInt32LE(12, 14);
    core.writeUInt16LE(3, 18);
    core.writeInt16LE(2, 20);
    core.writeUInt16LE(1, 22);
    core.writeUInt16LE(1, 24);
    core.set([0, 0, 0, 255, 255, 255], 26);
    core[32] = 0b00000000; // bottom row: black
    core[36] = 0b10100000; // top row: white, black, white
    const os2 = decodeBmp(core);
    expect(os2.ok && Array.from(os2.value.data)).toEqual([
      255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255,
    ]);
  });

  it('refuses compressed bitmaps, broken headers and too many pixels with distinct errors', () => {
    const rle = Buffer.from(bytes(BMP_1X1));
    rle.writeUInt32LE(1, 30);
    expect(decodeBmp(rle)).toMatchObject({ ok: false, error: { code: 'unsupported_format' } });
    const huge = Buffer.from(bytes(BMP_1X1));
    huge.writeInt32LE(100_000, 18);
    huge.writeInt32LE(100_000, 22);
    expect(decodeBmp(huge, 40_000_000)).toMatchObject({ ok: false, error: { code: 'too_large' } });
    expect(decodeBmp(huge)).toMatchObject({ ok: false, error: { code: 'invalid_image' } });
    expect(decodeBmp(bytes(BMP_1X1).subarray(0, 100))).toMatchObject({
      ok: false,
      error: { code: 'invalid_image' },
    });
  });

  it('never throws on random bytes after a BMP signature', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 300 }), fc.boolean(), (tail, realHeader) => {
        const head = realHeader
          ? bytes(BMP_1X1).subarray(0, 2 + ((tail[0] ?? 0) % 138))
          : Uint8Array.from([0x42, 0x4d]);
        const result = decodeBmp(Uint8Array.from([...head, ...tail]), 1_000_000);
        if (result.ok) expect(result.value.data.length).toBe(result.value.width * result.value.height * 4);
        else expect(['invalid_image', 'unsupported_format', 'too_large']).toContain(result.error.code);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('decodeQrImage on arbitrary bytes', () => {
  it('answers with a typed error, never an exception', async () => {
    const signatures = [
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0xff, 0xd8, 0xff],
      [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
      [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
      [0x42, 0x4d],
      [],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signatures),
        fc.uint8Array({ maxLength: 400 }),
        async (signature, tail) => {
          const result = await decodeQrImage(Uint8Array.from([...signature, ...tail]), {
            maxPixels: 1_000_000,
          });
          expect(result.ok).toBe(false);
          if (!result.ok) {
            expect([
              'unsupported_format',
              'invalid_image',
              'too_large',
              'no_qr_found',
              'unreadable_qr',
            ]).toContain(result.error.code);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('1×1 fixtures are images without a code', async () => {
    for (const fixture of [PNG_1X1, WEBP, BMP_1X1]) {
      expect(await decodeQrImage(bytes(fixture))).toMatchObject({
        ok: false,
        error: { code: 'no_qr_found' },
      });
    }
  });
});
