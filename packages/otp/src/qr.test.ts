import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeQrImage, scanPlan, type QrDecodeLimits } from './qr-decode.js';
import { closeQrWorker } from './qr-scan.js';
import { fitsInQrCode, qrToPng, qrToSvg, qrToSvgDataUri } from './qr-encode.js';
import type { Result } from './types.js';

const URI =
  'otpauth://totp/Example%20Corp%3Aalice%23EXT%23%40example.com?algorithm=sha256&digits=8&issuer=Example%20Corp&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const MIGRATION =
  'otpauth-migration://offline?data=CjoKFDEyMzQ1Njc4OTAxMjM0NTY3ODkwEhFhbGljZUBleGFtcGxlLmNvbRoHRXhhbXBsZSACKAIwATgqEAEYASAAKJWa7zo%3D';

afterAll(() => closeQrWorker());

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`unexpected error: ${JSON.stringify(result.errors)}`);
  return result.value;
}

async function png(text: string, scale = 6): Promise<Buffer> {
  return Buffer.from(value(await qrToPng(text, { scale })));
}

/** RGBA pixels of an image. */
async function rgba(image: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A Windows bitmap of RGBA pixels, written by hand (sharp cannot write BMP): 24-bit bottom-up,
 * 32-bit top-down with a V5 header and bit fields, or 1-bit / 8-bit with a palette.
 */
function bmp(pixels: { data: Buffer; width: number; height: number }, bpp: 1 | 8 | 24 | 32): Buffer {
  const { data, width, height } = pixels;
  const headerSize = bpp === 32 ? 124 : 40;
  const paletteSize = bpp <= 8 ? (1 << bpp) * 4 : 0;
  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  const offset = 14 + headerSize + paletteSize;
  const file = Buffer.alloc(offset + stride * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(headerSize, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(bpp === 32 ? -height : height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bpp, 28);
  file.writeUInt32LE(bpp === 32 ? 3 : 0, 30);
  if (bpp === 32) {
    file.writeUInt32LE(0x00ff0000, 54);
    file.writeUInt32LE(0x0000ff00, 58);
    file.writeUInt32LE(0x000000ff, 62);
    file.writeUInt32LE(0xff000000, 66);
  }
  if (bpp <= 8) {
    const colours = 1 << bpp;
    for (let i = 0; i < colours; i++) {
      const grey = Math.round((i * 255) / (colours - 1));
      file.writeUInt32LE((grey << 16) | (grey << 8) | grey, 54 + i * 4);
    }
  }
  for (let y = 0; y < height; y++) {
    const row = offset + (bpp === 32 ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 4;
      const [r, g, b, a] = [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0, data[at + 3] ?? 0];
      if (bpp === 24) file.set([b, g, r], row + x * 3);
      else if (bpp === 32) file.set([b, g, r, a], row + x * 4);
      else if (bpp === 8) file[row + x] = Math.round((r + g + b) / 3);
      else if (r > 127) file[row + (x >> 3)] = (file[row + (x >> 3)] ?? 0) | (0x80 >> (x & 7));
    }
  }
  return file;
}

async function decode(
  image: Uint8Array,
  limits: QrDecodeLimits = {},
): Promise<Result<{ text: string; format: string }>> {
  const result = await decodeQrImage(image, limits);
  return result.ok ? { ok: true, value: { text: result.value.text, format: result.value.format } } : result;
}

describe('decoding every accepted format', () => {
  it('PNG, in the worker thread and inline', async () => {
    const image = await png(URI);
    expect(await decode(image)).toEqual({ ok: true, value: { text: URI, format: 'png' } });
    expect(await decode(image, { useWorker: false })).toEqual({
      ok: true,
      value: { text: URI, format: 'png' },
    });
    const full = value(await decodeQrImage(image));
    expect(full.width).toBe((await sharp(image).metadata()).width);
  });

  it('a resized JPEG at 70 % quality', async () => {
    const image = await sharp(await png(URI, 10))
      .resize({ width: 500 })
      .jpeg({ quality: 70 })
      .toBuffer();
    expect(await decode(image)).toEqual({ ok: true, value: { text: URI, format: 'jpeg' } });
  });

  it('GIF, WebP and lossy WebP', async () => {
    const source = await png(URI);
    expect(await decode(await sharp(source).gif().toBuffer())).toEqual({
      ok: true,
      value: { text: URI, format: 'gif' },
    });
    expect(await decode(await sharp(source).webp({ lossless: true }).toBuffer())).toEqual({
      ok: true,
      value: { text: URI, format: 'webp' },
    });
    expect(await decode(await sharp(source).webp({ quality: 60 }).toBuffer())).toMatchObject({
      ok: true,
      value: { text: URI },
    });
  });

  it('BMP, which sharp cannot read: 1-, 8-, 24- and 32-bit', async () => {
    const pixels = await rgba(await png(URI, 4));
    for (const bpp of [1, 8, 24, 32] as const) {
      expect(await decode(bmp(pixels, bpp))).toEqual({ ok: true, value: { text: URI, format: 'bmp' } });
    }
  });

  it('SVG only when the caller allows it (sanitised first)', async () => {
    const svg = Buffer.from(value(qrToSvg(URI)));
    expect(await decode(svg)).toMatchObject({ ok: false, error: { code: 'unsupported_format' } });
    expect(await decode(svg, { allowSvg: true })).toEqual({ ok: true, value: { text: URI, format: 'svg' } });
  });

  it('the long migration URI, and the first frame of an animated GIF', async () => {
    expect(await decode(await png(MIGRATION))).toMatchObject({ ok: true, value: { text: MIGRATION } });
    const frames = await Promise.all([png(URI, 4), png('otpauth://totp/other?secret=AAAA', 4)]);
    const size = (await sharp(frames[0]).metadata()).width;
    const second = await sharp(frames[1]).resize(size, size).toBuffer();
    const strip = await sharp({ create: { width: size, height: size * 2, channels: 3, background: '#fff' } })
      .composite([
        { input: frames[0], top: 0, left: 0 },
        { input: second, top: size, left: 0 },
      ])
      .png()
      .toBuffer();
    // sharp writes a multi-page GIF from a strip with pageHeight.
    const multi = await sharp(await sharp(strip).removeAlpha().raw().toBuffer(), {
      raw: { width: size, height: size * 2, channels: 3, pageHeight: size },
    })
      .gif()
      .toBuffer();
    expect((await sharp(multi).metadata()).pages).toBe(2);
    expect(await decode(multi)).toMatchObject({ ok: true, value: { text: URI, format: 'gif' } });
  });
});

describe('hard pictures', () => {
  it('light on dark (dark-mode screenshots)', async () => {
    const inverted = await sharp(await png(URI))
      .negate({ alpha: false })
      .png()
      .toBuffer();
    expect(await decode(inverted)).toMatchObject({ ok: true, value: { text: URI } });
  });

  it('a code on a transparent background', async () => {
    const transparent = await QRCode.toBuffer(URI, {
      type: 'png',
      color: { dark: '#000000ff', light: '#00000000' },
    });
    expect(await decode(transparent)).toMatchObject({ ok: true, value: { text: URI } });
  });

  it('EXIF orientation is honoured', async () => {
    const rotated = await sharp(await png(URI))
      .rotate(90)
      .withMetadata({ orientation: 8 })
      .jpeg({ quality: 90 })
      .toBuffer();
    expect(await decode(rotated)).toMatchObject({ ok: true, value: { text: URI } });
  });

  it('a large photo is scaled down before scanning', async () => {
    const code = await sharp(await png(URI, 12))
      .rotate(5, { background: '#fff' })
      .toBuffer();
    const photo = await sharp({ create: { width: 3000, height: 2200, channels: 3, background: '#7a8c6e' } })
      .composite([{ input: code, left: 1100, top: 700 }])
      .jpeg({ quality: 85 })
      .toBuffer();
    const started = performance.now();
    expect(await decode(photo)).toMatchObject({ ok: true, value: { text: URI, format: 'jpeg' } });
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('a full-size phone screenshot (1179 × 2556) with a small, dense code: read in a crop', async () => {
    // Three Google transfer payloads in one code: 2 pixels per module, 170 pixels wide.
    const dense = `${MIGRATION}${'A'.repeat(300)}`;
    const code = await QRCode.toBuffer(dense, { scale: 2, margin: 4, errorCorrectionLevel: 'M' });
    const [width, height] = [1179, 2556];
    const stripes = Buffer.alloc(width * height * 3);
    for (let i = 0; i < stripes.length; i += 3) {
      const y = Math.floor(i / 3 / width);
      stripes.set([30 + (y % 97), 40, 60 + (y % 31)], i);
    }
    const { width: side = 0 } = await sharp(code).metadata();
    const screenshot = await sharp(stripes, { raw: { width, height, channels: 3 } })
      .composite([{ input: code, left: Math.round((width - side) / 2), top: 1100 }])
      .png()
      .toBuffer();
    expect(await decode(screenshot)).toMatchObject({ ok: true, value: { text: dense, format: 'png' } });
    // Turned by EXIF (stored landscape, shown upright): the crops follow the upright image.
    const stored = await sharp(screenshot).rotate(90).withMetadata({ orientation: 8 }).png().toBuffer();
    expect(await decode(stored)).toMatchObject({ ok: true, value: { text: dense } });
  });

  it('the scan plan: whole image at three scales, then overlapping square crops of the long side', () => {
    expect(scanPlan(1179, 2556, 1600)).toEqual([
      { size: 1600 },
      { size: 800 },
      { size: 400 },
      { size: 1179, region: { left: 0, top: 0, width: 1179, height: 1179 } },
      { size: 1179, region: { left: 0, top: 459, width: 1179, height: 1179 } },
      { size: 1179, region: { left: 0, top: 918, width: 1179, height: 1179 } },
      { size: 1179, region: { left: 0, top: 1377, width: 1179, height: 1179 } },
    ]);
    expect(scanPlan(300, 300, 1600)).toEqual([{ size: 1600 }]);
    expect(scanPlan(100, 20000, 1600)).toHaveLength(3 + 6);
    expect(scanPlan(4000, 1000, 1600).at(-1)).toEqual({
      size: 1000,
      region: { left: 3000, top: 0, width: 1000, height: 1000 },
    });
  });

  it('returns the text unchanged: never URL-decoded, UTF-8 labels intact', async () => {
    const tricky = 'otpauth://totp/Zo%C3%AB%23x%2By?secret=JBSWY3DPEHPK3PXP&issuer=A+B%26C';
    expect(await decode(await png(tricky))).toMatchObject({ ok: true, value: { text: tricky } });
    const unicode = 'otpauth://totp/Zoë 漢字?secret=JBSWY3DPEHPK3PXP';
    expect(await decode(await png(unicode))).toMatchObject({ ok: true, value: { text: unicode } });
  });
});

describe('caps and distinct errors', () => {
  it('too many bytes', async () => {
    const image = await png(URI);
    expect(await decode(image, { maxBytes: image.length - 1 })).toEqual({
      ok: false,
      error: { field: 'image', code: 'too_large', message: 'The image is too large.' },
      errors: [expect.objectContaining({ code: 'too_large' })],
    });
    expect(await decode(image, { maxBytes: image.length })).toMatchObject({ ok: true });
  });

  it('too many pixels, read from the header before decoding (decompression bombs)', async () => {
    const image = await png(URI);
    const { width = 0, height = 0 } = await sharp(image).metadata();
    expect(await decode(image, { maxPixels: width * height - 1 })).toMatchObject({
      ok: false,
      error: { code: 'too_large' },
    });
    expect(await decode(bmp(await rgba(image), 24), { maxPixels: width * height - 1 })).toMatchObject({
      ok: false,
      error: { code: 'too_large' },
    });
    // 8000 × 6000 = 48 MP, above the default cap of 40 MP; a few kilobytes of PNG.
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(await decode(bomb)).toMatchObject({ ok: false, error: { code: 'too_large' } });
  });

  it('not an image, or a name that lies', async () => {
    for (const bytes of [
      Buffer.from('otpauth://totp/a?secret=AAAA'),
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(0),
      Buffer.from([0x00, 0x01, 0x02]),
    ]) {
      expect(await decode(bytes)).toEqual({
        ok: false,
        error: {
          field: 'image',
          code: 'unsupported_format',
          message: 'Supported format are jpeg, png, bmp, gif, svg, or webp.',
        },
        errors: [expect.objectContaining({ code: 'unsupported_format' })],
      });
    }
  });

  it('an accepted type that cannot be decoded', async () => {
    const image = await png(URI);
    for (const broken of [
      image.subarray(0, 40),
      Buffer.concat([image.subarray(0, 8), Buffer.alloc(200, 0x41)]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
      bmp(await rgba(image), 24).subarray(0, 500),
      Buffer.from('BM' + 'x'.repeat(60)).fill(0, 18),
    ]) {
      expect(await decode(broken)).toMatchObject({
        ok: false,
        error: { field: 'image', code: 'invalid_image', message: 'The image cannot be decoded.' },
      });
    }
  });

  it('no QR code in the image', async () => {
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const noise = await sharp(
      Buffer.from(Array.from({ length: 200 * 200 * 3 }, (_, i) => (i * 7919) % 256)),
      {
        raw: { width: 200, height: 200, channels: 3 },
      },
    )
      .png()
      .toBuffer();
    for (const image of [blank, noise]) {
      expect(await decode(image)).toEqual({
        ok: false,
        error: {
          field: 'image',
          code: 'no_qr_found',
          message: 'Cannot detect a QR code in the image, try to crop the image',
        },
        errors: [expect.objectContaining({ code: 'no_qr_found' })],
      });
    }
  });

  it('a QR code whose content is empty', async () => {
    const empty = await QRCode.toBuffer([{ data: new Uint8Array(0), mode: 'byte' }], { type: 'png' });
    expect(await decode(empty)).toEqual({
      ok: false,
      error: { field: 'image', code: 'unreadable_qr', message: 'No readable QR code' },
      errors: [expect.objectContaining({ code: 'unreadable_qr' })],
    });
  });

  it('concurrent scans in the worker all get their own answer', async () => {
    const texts = Array.from({ length: 6 }, (_, i) => `otpauth://totp/user${i}?secret=JBSWY3DPEHPK3PXP`);
    const images = await Promise.all(texts.map((text) => png(text, 4)));
    const results = await Promise.all(images.map((image) => decode(image)));
    expect(results.map((r) => r.ok && r.value.text)).toEqual(texts);
  });
});

describe('encoding', () => {
  it('SVG: one dark path on white, and the data URI of the API', async () => {
    const svg = value(qrToSvg(URI));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
    expect(svg).not.toMatch(/<script|on\w+=/i);
    const uri = value(qrToSvgDataUri(URI));
    expect(uri.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(uri.slice('data:image/svg+xml;base64,'.length), 'base64').toString()).toBe(svg);
    const rendered = await sharp(Buffer.from(svg), { density: 300 }).png().toBuffer();
    expect(await decode(rendered)).toMatchObject({ ok: true, value: { text: URI } });
  });

  it('PNG with scale and margin', async () => {
    const small = value(await qrToPng(URI, { scale: 2, margin: 1 }));
    const large = value(await qrToPng(URI, { scale: 8 }));
    const modules = QRCode.create(URI, { errorCorrectionLevel: 'M' }).modules.size;
    expect((await sharp(small).metadata()).width).toBe((modules + 2) * 2);
    expect((await sharp(large).metadata()).width).toBe((modules + 8) * 8);
    expect(await decode(small)).toMatchObject({ ok: true, value: { text: URI } });
  });

  it('refuses text that does not fit, and says so', async () => {
    const huge = 'x'.repeat(3000);
    expect(fitsInQrCode(huge)).toBe(false);
    expect(fitsInQrCode('x'.repeat(2331))).toBe(true);
    expect(fitsInQrCode('x'.repeat(2332))).toBe(false);
    expect(qrToSvg(huge)).toMatchObject({ ok: false, error: { field: 'text', code: 'data_too_long' } });
    expect(await qrToPng(huge)).toMatchObject({ ok: false, error: { field: 'text', code: 'data_too_long' } });
    expect(qrToSvg('')).toMatchObject({ ok: false, error: { field: 'text', code: 'required' } });
  });
});
