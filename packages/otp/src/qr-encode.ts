import QRCode, { type QRCode as QrMatrix } from 'qrcode';
import { fail, ok, otpError } from './errors.js';
import type { Result } from './types.js';

/** Options of the QR encoders. */
export interface QrEncodeOptions {
  /** Error-correction level; default `M`, as 2FAuth's QR codes. */
  readonly errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
  /** Quiet zone, in modules; default 4, the minimum the QR standard asks for. */
  readonly margin?: number;
}

/** Options of `qrToPng`. */
export interface QrPngOptions extends QrEncodeOptions {
  /** Pixels per module; default 8. */
  readonly scale?: number;
}

function matrix(text: string, options: QrEncodeOptions): Result<QrMatrix> {
  if (text === '') return fail(otpError('text', 'required'));
  try {
    return ok(QRCode.create(text, { errorCorrectionLevel: options.errorCorrectionLevel ?? 'M' }));
  } catch {
    // qrcode throws when the text does not fit in version 40.
    return fail(otpError('text', 'data_too_long'));
  }
}

/** True when the text fits in one QR code at the given level (default `M`). */
export function fitsInQrCode(text: string, options: QrEncodeOptions = {}): boolean {
  return matrix(text, options).ok;
}

/**
 * Encodes text as a QR code in SVG: black modules on a white background, one path, a 4-module
 * quiet zone by default. Errors: `text` / `data_too_long` when the text does not fit in a QR
 * code, `text` / `required` when it is empty.
 */
export function qrToSvg(text: string, options: QrEncodeOptions = {}): Result<string> {
  const code = matrix(text, options);
  if (!code.ok) return code;
  const { size, data } = code.value.modules;
  const margin = Math.max(0, Math.floor(options.margin ?? 4));
  const full = size + 2 * margin;
  let path = '';
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size;) {
      if (data[row * size + col] !== 1) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col] === 1) col++;
      path += `M${start + margin} ${row + margin}h${col - start}v1h-${col - start}z`;
    }
  }
  return ok(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${full} ${full}" shape-rendering="crispEdges">` +
      `<path fill="#ffffff" d="M0 0h${full}v${full}H0z"/><path fill="#000000" d="${path}"/></svg>`,
  );
}

/**
 * The SVG of `qrToSvg` as a `data:image/svg+xml;base64,…` URI, the shape of the API's account QR code
 * answer.
 */
export function qrToSvgDataUri(text: string, options: QrEncodeOptions = {}): Result<string> {
  const svg = qrToSvg(text, options);
  if (!svg.ok) return svg;
  return ok(`data:image/svg+xml;base64,${Buffer.from(svg.value, 'utf8').toString('base64')}`);
}

/** Encodes text as a QR code in PNG (black on white, 8 pixels per module, 4-module quiet zone). */
export async function qrToPng(text: string, options: QrPngOptions = {}): Promise<Result<Uint8Array>> {
  const code = matrix(text, options);
  if (!code.ok) return code;
  try {
    const png = await QRCode.toBuffer(text, {
      type: 'png',
      errorCorrectionLevel: options.errorCorrectionLevel ?? 'M',
      margin: options.margin ?? 4,
      scale: options.scale ?? 8,
    });
    return ok(new Uint8Array(png.buffer, png.byteOffset, png.byteLength));
  } catch {
    return fail(otpError('text', 'data_too_long'));
  }
}
