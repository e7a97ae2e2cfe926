/**
 * @twofold/otp/browser: the browser-safe part of the OTP engine (no node: modules, no Buffer, no
 * sharp): secrets, otpauth URIs, the account model and Google Authenticator migration payloads.
 * Codes and QR images are in the Node entry point.
 */
export * from './shared.js';
