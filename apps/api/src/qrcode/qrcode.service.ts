import { qrToSvgDataUri } from '@twofold/otp';
import { sniffImage } from '../images/image-type.js';
import { sanitiseSvg } from '../images/svg.js';

/** An SVG QR code of a text as a data URI (level M, quiet zone 4). */
export async function qrDataUri(text: string): Promise<string> {
  const uri = qrToSvgDataUri(text, { errorCorrectionLevel: 'M', margin: 4 });
  if (!uri.ok) throw new Error(`QR code not encodable: ${uri.error.code}`);
  return Promise.resolve(uri.value);
}

export type DecodeResult =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'not_image' }
  | { readonly kind: 'unreadable_image' }
  | { readonly kind: 'no_code' }
  | { readonly kind: 'empty_code' };

/**
 * Finds and reads the QR code of an uploaded image with the OTP engine, off
 * the event loop. SVG is sanitised first. The text is returned exactly: never URL-decoded.
 */
export async function decodeQrImage(bytes: Buffer): Promise<DecodeResult> {
  const type = sniffImage(bytes);
  if (!type) return { kind: 'not_image' };
  let source: Uint8Array = bytes;
  if (type === 'svg') {
    const clean = await sanitiseSvg(bytes.toString('utf8'));
    if (!clean) return { kind: 'unreadable_image' };
    source = Buffer.from(clean, 'utf8');
  }
  // sharp (native image codecs, tens of MB once loaded) is loaded at the first upload only.
  const { decodeQrImage: decodeWithEngine } = await import('@twofold/otp/images');
  const result = await decodeWithEngine(source, { allowSvg: type === 'svg' });
  if (result.ok) return { kind: 'text', text: result.value.text };
  switch (result.error.code) {
    case 'unsupported_format':
      return { kind: 'not_image' };
    case 'no_qr_found':
      return { kind: 'no_code' };
    case 'unreadable_qr':
      return { kind: 'empty_code' };
    default:
      return { kind: 'unreadable_image' };
  }
}
