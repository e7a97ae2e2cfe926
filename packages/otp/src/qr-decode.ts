import sharp, { type Sharp } from 'sharp';
import { decodeBmp } from './bmp.js';
import { fail, ok, otpError } from './errors.js';
import { sniffImageFormat, type ImageFormat } from './image-format.js';
import { scanPixels, scanPixelsInWorker, type ScanChunk, type ScanHit, type ScanJob } from './qr-scan.js';
import { scanPlan, type Region } from './qr-plan.js';
import type { Result } from './types.js';

export { scanPlan };

/** Caps and switches of `decodeQrImage`. */
export interface QrDecodeLimits {
  /** Largest accepted input, in bytes. Default 10 MiB, the API's upload limit. */
  readonly maxBytes?: number;
  /** Largest accepted image, in pixels (width × height). Default 40 000 000. */
  readonly maxPixels?: number;
  /** Longest side the image is scaled down to before scanning. Default 1600. */
  readonly scanSize?: number;
  /**
   * Accept SVG input. Only for SVG that was sanitised first (SVG can carry scripts and external
   * references). Default false.
   */
  readonly allowSvg?: boolean;
  /** Run the scan in a worker thread so that it cannot block the event loop. Default true. */
  readonly useWorker?: boolean;
  /** Give up on a scan after this many milliseconds. Default 20 000. */
  readonly timeoutMs?: number;
}

/** A decoded QR code. */
export interface QrDecoded {
  /** The text stored in the code, exactly: never URL-decoded: the URI parser decodes it once. */
  readonly text: string;
  /** The image type sniffed from the bytes. */
  readonly format: ImageFormat;
  /** Size of the uploaded image, in pixels. */
  readonly width: number;
  readonly height: number;
}

const DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  maxPixels: 40_000_000,
  scanSize: 1600,
  timeoutMs: 20_000,
} as const;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * The text of a jsQR hit. Byte segments are decoded as UTF-8 and, when they are not valid
 * UTF-8, as ISO-8859-1 (the QR default), since jsQR silently drops such segments.
 */
export function qrText(chunks: readonly ScanChunk[]): string {
  let text = '';
  for (const chunk of chunks) {
    if (chunk.type === 'byte' && chunk.bytes !== undefined) {
      const bytes = Uint8Array.from(chunk.bytes);
      try {
        text += utf8.decode(bytes);
      } catch {
        text += latin1.decode(bytes);
      }
    } else if (chunk.text !== undefined) {
      text += chunk.text;
    }
  }
  return text;
}

type Source =
  | { readonly kind: 'encoded'; readonly bytes: Uint8Array }
  | { readonly kind: 'raw'; readonly width: number; readonly height: number; readonly data: Uint8Array };

function pipeline(source: Source, maxPixels: number): Sharp {
  if (source.kind === 'raw') {
    return sharp(source.data, {
      raw: { width: source.width, height: source.height, channels: 4 },
      limitInputPixels: maxPixels,
    });
  }
  // `pages: 1`: the first frame of an animated GIF or WebP.
  return sharp(source.bytes, { limitInputPixels: maxPixels, pages: 1, failOn: 'error' });
}

/**
 * RGBA pixels at most `size` pixels on their longest side, EXIF orientation applied, on white;
 * only `region` of the upright image when given.
 */
async function render(source: Source, maxPixels: number, size: number, region?: Region): Promise<ScanJob> {
  const upright = pipeline(source, maxPixels).rotate();
  const { data, info } = await (region === undefined ? upright : upright.extract(region))
    // Transparent pixels are often black underneath; a QR code on transparency needs white.
    .flatten({ background: '#ffffff' })
    .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Reads the QR code in an uploaded image: the type is sniffed from the bytes
 * (PNG, JPEG, GIF, WebP, BMP; SVG only with `allowSvg`), sharp decodes it (EXIF orientation
 * honoured, first frame of an animation, transparency on white) and scales it down, jsQR scans
 * it in a worker thread, light-on-dark included, then smaller copies and crops when nothing was
 * found (`scanPlan`). BMP, which sharp cannot read, is decoded here. Never throws on bad input; errors are on
 * field `image` with codes `too_large`, `unsupported_format`, `invalid_image`, `no_qr_found`
 * (`Cannot detect a QR code in the image, try to crop the image`) and `unreadable_qr`
 * (`No readable QR code`).
 */
export async function decodeQrImage(
  bytes: Uint8Array,
  limits: QrDecodeLimits = {},
): Promise<Result<QrDecoded>> {
  const maxBytes = limits.maxBytes ?? DEFAULTS.maxBytes;
  const maxPixels = limits.maxPixels ?? DEFAULTS.maxPixels;
  const scanSize = Math.max(64, limits.scanSize ?? DEFAULTS.scanSize);
  const timeoutMs = limits.timeoutMs ?? DEFAULTS.timeoutMs;
  if (bytes.length > maxBytes) return fail(otpError('image', 'too_large'));
  const format = sniffImageFormat(bytes);
  if (format === null || (format === 'svg' && limits.allowSvg !== true)) {
    return fail(otpError('image', 'unsupported_format'));
  }

  let source: Source;
  let width: number;
  let height: number;
  // The upright size (EXIF orientations 5–8 turn the image a quarter).
  let turned = false;
  if (format === 'bmp') {
    const bitmap = decodeBmp(bytes, maxPixels);
    if (!bitmap.ok) return bitmap;
    ({ width, height } = bitmap.value);
    source = { kind: 'raw', ...bitmap.value };
  } else {
    source = { kind: 'encoded', bytes };
    try {
      const metadata = await pipeline(source, Number.MAX_SAFE_INTEGER).metadata();
      width = metadata.width;
      height = metadata.pageHeight ?? metadata.height;
      turned = (metadata.orientation ?? 1) >= 5;
    } catch {
      return fail(otpError('image', 'invalid_image'));
    }
    if (width * height > maxPixels) return fail(otpError('image', 'too_large'));
  }

  const scan = (job: ScanJob): Promise<ScanHit> =>
    limits.useWorker === false ? Promise.resolve(scanPixels(job)) : scanPixelsInWorker(job, timeoutMs);
  let hit: ScanHit = null;
  for (const { size, region } of turned
    ? scanPlan(height, width, scanSize)
    : scanPlan(width, height, scanSize)) {
    let job: ScanJob;
    try {
      job = await render(source, maxPixels, size, region);
    } catch {
      return fail(otpError('image', 'invalid_image'));
    }
    try {
      hit = await scan(job);
    } catch {
      // jsQR failing or timing out: nothing readable was found.
      hit = null;
    }
    if (hit !== null) break;
  }
  if (hit === null) return fail(otpError('image', 'no_qr_found'));
  const text = qrText(hit.chunks);
  if (text === '') return fail(otpError('image', 'unreadable_qr'));
  return ok({ text, format, width, height });
}
