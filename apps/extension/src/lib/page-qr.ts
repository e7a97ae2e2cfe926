// Reads the QR code in a screenshot of the visible tab, for "Scan a QR code on this page". The
// same reader as the web app (jsQR, light-on-dark codes included) and the same plan as the
// server's image reader (@twofold/otp's scanPlan: the whole image, smaller copies, then crops),
// so a code that is a small part of a large screenshot is still found.
import { isMigrationUri, isOtpauthUri, scanPlan } from '@twofold/otp/browser';

/** Longest side a scan works on: a screenshot at 2x is scaled down, then cropped. */
const SCAN_SIZE = 1600;

export type PageQr =
  | { readonly kind: 'otpauth' | 'migration'; readonly uri: string }
  | { readonly kind: 'not-otp' }
  | { readonly kind: 'none' };

/** What a decoded QR code holds for Twofold. */
export function classifyQr(text: string | null): PageQr {
  if (text === null) return { kind: 'none' };
  if (isMigrationUri(text)) return { kind: 'migration', uri: text };
  if (isOtpauthUri(text)) return { kind: 'otpauth', uri: text.trim() };
  return { kind: 'not-otp' };
}

/** The text of the first QR code found in the image, or null. jsQR is loaded on first use. */
export async function readQr(image: ImageBitmap): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  for (const { size, region } of scanPlan(image.width, image.height, SCAN_SIZE)) {
    const area = region ?? { left: 0, top: 0, width: image.width, height: image.height };
    const scale = Math.min(1, size / Math.max(area.width, area.height));
    const width = Math.max(1, Math.round(area.width * scale));
    const height = Math.max(1, Math.round(area.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.drawImage(image, area.left, area.top, area.width, area.height, 0, 0, width, height);
    const pixels = context.getImageData(0, 0, width, height).data;
    const hit = jsQR(pixels, width, height, { inversionAttempts: 'attemptBoth' });
    if (hit) return hit.data;
  }
  return null;
}

/**
 * Where the web app's create form opens with the scanned code. The code travels in the fragment,
 * which the browser never sends to a server or a proxy; the web app reads it once at start, keeps
 * it in memory and removes it from the address and the history entry at once.
 */
export function createFormUrl(serverUrl: string, uri: string): string {
  return `${serverUrl}/account/create#otpauth=${encodeURIComponent(uri)}`;
}
