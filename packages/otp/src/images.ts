/**
 * @twofold/otp/images: reading QR codes from uploaded images. A separate entry point because it
 * needs sharp (a native image library, an optional peer dependency): importing `@twofold/otp` or
 * `@twofold/otp/browser` never loads it.
 */
export { type RgbaImage, decodeBmp } from './bmp.js';
export { type QrDecoded, type QrDecodeLimits, decodeQrImage } from './qr-decode.js';
export { closeQrWorker } from './qr-scan.js';
