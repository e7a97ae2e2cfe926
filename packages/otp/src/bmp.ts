import { fail, ok, otpError } from './errors.js';
import type { Result } from './types.js';

/** Decoded pixels: RGBA, 4 bytes per pixel, rows top to bottom. */
export interface RgbaImage {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

interface Channel {
  readonly mask: number;
  readonly shift: number;
  readonly max: number;
}

function channel(mask: number): Channel {
  if (mask === 0) return { mask: 0, shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  let bits = 0;
  while (((mask >>> (shift + bits)) & 1) === 1 && shift + bits < 32) bits++;
  return { mask, shift, max: 2 ** bits - 1 };
}

function read(value: number, c: Channel): number {
  if (c.max === 0) return 0;
  const raw = ((value & c.mask) >>> 0) / 2 ** c.shift;
  return c.max === 255 ? raw : Math.round((raw * 255) / c.max);
}

const BI_RGB = 0;
const BI_BITFIELDS = 3;
const BI_ALPHABITFIELDS = 6;

/**
 * Decodes an uncompressed Windows bitmap, which sharp cannot read but 2FAuth accepts: 1-, 4- and
 * 8-bit palettes, 16-bit (5-5-5 or bit fields), 24-bit and 32-bit (plain or bit fields, with
 * alpha when a mask gives one), bottom-up or top-down, OS/2 and V1–V5 headers. RLE and embedded
 * JPEG/PNG are refused as `unsupported_format`; a broken file is `invalid_image`; more than
 * `maxPixels` pixels is `too_large`, checked before anything is allocated.
 */
export function decodeBmp(bytes: Uint8Array, maxPixels = Number.MAX_SAFE_INTEGER): Result<RgbaImage> {
  const invalid = (): Result<RgbaImage> => fail(otpError('image', 'invalid_image'));
  if (bytes.length < 26 || bytes[0] !== 0x42 || bytes[1] !== 0x4d) return invalid();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pixelOffset = view.getUint32(10, true);
  const headerSize = view.getUint32(14, true);
  const core = headerSize === 12;
  if (!core && (headerSize < 40 || bytes.length < 14 + 40)) return invalid();
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const rawHeight = core ? view.getInt16(20, true) : view.getInt32(22, true);
  const bpp = core ? view.getUint16(24, true) : view.getUint16(28, true);
  const compression = core ? BI_RGB : view.getUint32(30, true);
  const topDown = rawHeight < 0;
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0) return invalid();
  if (width * height > maxPixels) return fail(otpError('image', 'too_large'));
  if (![1, 4, 8, 16, 24, 32].includes(bpp)) return invalid();
  if (compression !== BI_RGB && compression !== BI_BITFIELDS && compression !== BI_ALPHABITFIELDS) {
    return fail(otpError('image', 'unsupported_format'));
  }
  const bitfields = compression !== BI_RGB;
  if (bitfields && bpp !== 16 && bpp !== 32) return invalid();

  let red: Channel;
  let green: Channel;
  let blue: Channel;
  let alpha: Channel = channel(0);
  if (bitfields) {
    // V1 headers put the masks right after the header; V2+ hold them at the same offset.
    if (bytes.length < 66) return invalid();
    red = channel(view.getUint32(54, true));
    green = channel(view.getUint32(58, true));
    blue = channel(view.getUint32(62, true));
    if ((headerSize >= 56 || compression === BI_ALPHABITFIELDS) && bytes.length >= 70) {
      alpha = channel(view.getUint32(66, true));
    }
  } else if (bpp === 16) {
    red = channel(0x7c00);
    green = channel(0x03e0);
    blue = channel(0x001f);
  } else {
    red = channel(0x00ff0000);
    green = channel(0x0000ff00);
    blue = channel(0x000000ff);
  }

  let palette: Uint8Array | null = null;
  if (bpp <= 8) {
    const entrySize = core ? 3 : 4;
    const declared = core ? 0 : view.getUint32(46, true);
    const count = declared === 0 || declared > 1 << bpp ? 1 << bpp : declared;
    const masksAfterHeader =
      headerSize === 40 && bitfields ? (compression === BI_ALPHABITFIELDS ? 16 : 12) : 0;
    const start = 14 + headerSize + masksAfterHeader;
    if (start + count * entrySize > bytes.length) return invalid();
    palette = new Uint8Array(256 * 3);
    for (let i = 0; i < count; i++) {
      const at = start + i * entrySize;
      palette[i * 3] = bytes[at + 2] ?? 0;
      palette[i * 3 + 1] = bytes[at + 1] ?? 0;
      palette[i * 3 + 2] = bytes[at] ?? 0;
    }
  }

  const stride = Math.floor((bpp * width + 31) / 32) * 4;
  if (pixelOffset + stride * (height - 1) + Math.ceil((bpp * width) / 8) > bytes.length) return invalid();
  const data = new Uint8Array(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    const row = pixelOffset + (topDown ? y : height - 1 - y) * stride;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      if (palette !== null) {
        const bitOffset = x * bpp;
        const byte = bytes[row + (bitOffset >>> 3)] ?? 0;
        const index = (byte >>> (8 - bpp - (bitOffset & 7))) & ((1 << bpp) - 1);
        data[out] = palette[index * 3] ?? 0;
        data[out + 1] = palette[index * 3 + 1] ?? 0;
        data[out + 2] = palette[index * 3 + 2] ?? 0;
        data[out + 3] = 255;
        continue;
      }
      let value: number;
      if (bpp === 16) value = view.getUint16(row + x * 2, true);
      else if (bpp === 24) {
        const at = row + x * 3;
        value = ((bytes[at + 2] ?? 0) << 16) | ((bytes[at + 1] ?? 0) << 8) | (bytes[at] ?? 0);
      } else value = view.getUint32(row + x * 4, true);
      data[out] = read(value, red);
      data[out + 1] = read(value, green);
      data[out + 2] = read(value, blue);
      const a = alpha.max === 0 ? 255 : read(value, alpha);
      data[out + 3] = a;
      if (a !== 0) anyAlpha = true;
    }
  }
  // Writers that declare an alpha mask but leave it at 0 mean an opaque image.
  if (alpha.max !== 0 && !anyAlpha) for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return ok({ width, height, data });
}
