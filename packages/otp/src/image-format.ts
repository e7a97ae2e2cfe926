/** Image types recognised by their bytes. */
export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'bmp' | 'svg';

/** MIME type of each format. */
export const IMAGE_MIME_TYPES: Readonly<Record<ImageFormat, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
};

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  return signature.every((byte, i) => bytes[at + i] === byte);
}

/**
 * Sniffs the image type from the content, never from a name (a name or MIME type is only the
 * sender's claim): PNG, JPEG, GIF, WebP, BMP, or SVG (text starting with `<svg` or an XML
 * declaration / comment / doctype followed by an `<svg` root element). Null for anything else.
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'gif';
  }
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 26) return 'bmp';
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '')
    .trimStart();
  // An XML declaration, comments or a doctype may come first; the root element must be <svg>.
  const root = head
    .replace(/^<\?xml[\s\S]*?\?>\s*/i, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/, '')
    .replace(/^<!doctype[^>]*>\s*/i, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/, '');
  return /^<svg[\s>/]/i.test(root) ? 'svg' : null;
}
