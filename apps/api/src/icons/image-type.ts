/** Image types accepted as icons and QR uploads, judged from the bytes (formats.md §7.3). */
export type ImageExt = 'png' | 'jpg' | 'gif' | 'bmp' | 'svg' | 'webp';

export const mimeOf: Readonly<Record<ImageExt, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

const startsWith = (bytes: Buffer, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

/** The image type of some bytes, or undefined when they are not one of ours. */
export function sniffImage(bytes: Buffer): ImageExt | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length > 26) return 'bmp';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (!head.startsWith('<')) return false;
  // An XML prolog, comments or a doctype may come first; the root element must be <svg>.
  const withoutProlog = head
    .replace(/^<\?xml[\s\S]*?\?>\s*/i, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/g, '')
    .replace(/^<!DOCTYPE[^>]*>\s*/i, '')
    .replace(/^(<!--[\s\S]*?-->\s*)*/g, '');
  return /^<svg[\s>/]/i.test(withoutProlog);
}

export function extForMime(mime: string): ImageExt | undefined {
  const map: Record<string, ImageExt> = {
    'image/png': 'png',
    'image/jpeg': 'jpg',
    'image/jpg': 'jpg',
    'image/gif': 'gif',
    'image/bmp': 'bmp',
    'image/x-ms-bmp': 'bmp',
    'image/svg+xml': 'svg',
    'image/webp': 'webp',
  };
  return map[mime.toLowerCase()];
}
