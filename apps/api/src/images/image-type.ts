import { IMAGE_MIME_TYPES, sniffImageFormat, type ImageFormat } from '@twofold/otp';

/** Image types accepted as icons and QR uploads, as file extensions. */
export type ImageExt = 'png' | 'jpg' | 'gif' | 'bmp' | 'svg' | 'webp';

const extOf: Readonly<Record<ImageFormat, ImageExt>> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  bmp: 'bmp',
  svg: 'svg',
  webp: 'webp',
};

export const mimeOf: Readonly<Record<ImageExt, string>> = {
  png: IMAGE_MIME_TYPES.png,
  jpg: IMAGE_MIME_TYPES.jpeg,
  gif: IMAGE_MIME_TYPES.gif,
  bmp: IMAGE_MIME_TYPES.bmp,
  svg: IMAGE_MIME_TYPES.svg,
  webp: IMAGE_MIME_TYPES.webp,
};

/** The image type of some bytes (judged by the OTP engine's sniffer), or undefined when not one of ours. */
export function sniffImage(bytes: Buffer): ImageExt | undefined {
  const format = sniffImageFormat(bytes);
  return format === null ? undefined : extOf[format];
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
