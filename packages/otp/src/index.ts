/**
 * @twofold/otp: Twofold's OTP engine. No HTTP and no database: codes,
 * secrets, otpauth URIs, Google Authenticator migration payloads and QR images. Every function
 * returns a typed `Result` for bad input instead of throwing.
 */
export * from './shared.js';
export {
  type CodeParams,
  type OtpPassword,
  type TotpCodes,
  generateOtp,
  hotpCode,
  totpCodes,
} from './codes.js';
export {
  type QrEncodeOptions,
  type QrPngOptions,
  fitsInQrCode,
  qrToPng,
  qrToSvg,
  qrToSvgDataUri,
} from './qr-encode.js';
