import jsQRModule from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { sniffImage } from '../icons/image-type.js';
import { sanitiseSvg } from '../icons/svg.js';

/** An SVG QR code of a text as a data URI (formats.md §7.2: level M, quiet zone 4). */
export async function qrDataUri(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

type JsQR = (typeof jsQRModule)['default'];
// jsqr is CommonJS with a `default` export: take the function whichever way it comes.
const jsQR: JsQR = typeof jsQRModule === 'function' ? jsQRModule : jsQRModule.default;

interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 1600;

/** Uncompressed 24/32-bit BMP to RGBA (sharp has no BMP loader; formats.md §7.1). */
export function decodeBmp(bytes: Buffer): Pixels | undefined {
  if (bytes.length < 54 || bytes.toString('latin1', 0, 2) !== 'BM') return undefined;
  const offset = bytes.readUInt32LE(10);
  const width = bytes.readInt32LE(18);
  const rawHeight = bytes.readInt32LE(22);
  const bpp = bytes.readUInt16LE(28);
  const compression = bytes.readUInt32LE(30);
  const height = Math.abs(rawHeight);
  if (width <= 0 || height === 0 || width * height > MAX_PIXELS) return undefined;
  if (!(bpp === 24 || bpp === 32) || !(compression === 0 || compression === 3)) return undefined;
  const stride = Math.ceil((bpp * width) / 32) * 4;
  if (offset + stride * height > bytes.length) return undefined;
  const data = new Uint8ClampedArray(width * height * 4);
  const step = bpp / 8;
  for (let y = 0; y < height; y += 1) {
    const row = rawHeight > 0 ? height - 1 - y : y;
    for (let x = 0; x < width; x += 1) {
      const source = offset + row * stride + x * step;
      const target = (y * width + x) * 4;
      data[target] = bytes[source + 2]!;
      data[target + 1] = bytes[source + 1]!;
      data[target + 2] = bytes[source]!;
      data[target + 3] = 255;
    }
  }
  return { data, width, height };
}

async function rasterise(input: Buffer, side: number): Promise<Pixels> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, animated: false })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function scan(pixels: Pixels) {
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' });
}

export type DecodeResult =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'not_image' }
  | { readonly kind: 'unreadable_image' }
  | { readonly kind: 'no_code' }
  | { readonly kind: 'empty_code' };

/**
 * Finds and reads the QR code of an uploaded image (formats.md §7.1). The text is returned
 * exactly as stored: never URL-decoded.
 */
export async function decodeQrImage(bytes: Buffer): Promise<DecodeResult> {
  const type = sniffImage(bytes);
  if (!type) return { kind: 'not_image' };
  let attempts: Pixels[];
  try {
    if (type === 'bmp') {
      const pixels = decodeBmp(bytes);
      if (!pixels) return { kind: 'unreadable_image' };
      attempts = [pixels];
    } else {
      let source = bytes;
      if (type === 'svg') {
        const clean = await sanitiseSvg(bytes.toString('utf8'));
        if (!clean) return { kind: 'unreadable_image' };
        source = Buffer.from(clean, 'utf8');
      }
      attempts = [await rasterise(source, MAX_SIDE)];
      const first = attempts[0]!;
      if (Math.max(first.width, first.height) > MAX_SIDE / 2)
        attempts.push(await rasterise(source, MAX_SIDE / 2));
    }
  } catch {
    return { kind: 'unreadable_image' };
  }
  for (const pixels of attempts) {
    const found = scan(pixels);
    if (!found) continue;
    let text = found.data;
    if (text === '' && found.binaryData.length > 0) {
      try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(found.binaryData));
      } catch {
        text = '';
      }
    }
    return text === '' ? { kind: 'empty_code' } : { kind: 'text', text };
  }
  return { kind: 'no_code' };
}
