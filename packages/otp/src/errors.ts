import type { OtpError, OtpErrorCode, OtpField, Result } from './types.js';

/*
 * English messages, in 2FAuth's wording wherever 2FAuth has one (validation messages, invalid import rows),
 * so the API can show them as they are. None of them contains the value that failed.
 */
const MESSAGES: Partial<Record<`${OtpField}/${OtpErrorCode}`, string>> = {
  'uri/invalid_uri': 'The uri field is not a valid otpauth uri.',
  'uri/unsupported_type': 'Unsupported OTP type',
  'uri/not_migration_uri': 'The uri field format is invalid.',
  'label/missing_label': 'The uri must have a label.',
  'otp_type/required': 'The otp type field is required.',
  'otp_type/unsupported_type': 'The otp type field is not supported.',
  'account/required': 'The account field is required.',
  'secret/required': 'The secret field is required.',
  'secret/invalid_base32': 'The secret field must be a base32 encoded string.',
  'algorithm/invalid_choice': 'The selected algorithm is invalid.',
  'digits/out_of_range': 'The digits field must be between 5 and 10.',
  'digits/not_an_integer': 'The digits field must be an integer.',
  'period/out_of_range': 'The period field must be at least 1.',
  'period/not_an_integer': 'The period field must be an integer.',
  'counter/out_of_range': 'The counter field must be at least 0.',
  'counter/not_an_integer': 'The counter field must be an integer.',
  'time/out_of_range': 'The time must be a number of seconds at or after 1970-01-01.',
  'data/invalid_data': 'Invalid or unreadable Google Authenticator data',
  'image/unsupported_format': 'Supported format are jpeg, png, bmp, gif, svg, or webp.',
  'image/too_large': 'The image is too large.',
  'image/invalid_image': 'The image cannot be decoded.',
  'image/no_qr_found': 'Cannot detect a QR code in the image, try to crop the image',
  'image/unreadable_qr': 'No readable QR code',
  'text/required': 'The text to encode is empty.',
  'text/data_too_long': 'The amount of data is too big to be stored in a QR Code',
};

/** Builds the typed error for a field and code, with its English message (or `message`). */
export function otpError(field: OtpField, code: OtpErrorCode, message?: string): OtpError {
  return {
    field,
    code,
    message: message ?? MESSAGES[`${field}/${code}`] ?? `The ${field.replace('_', ' ')} field is invalid.`,
  };
}

/** The message of invalid import rows with a type we do not support, in 2FAuth's wording. */
export const UNSUPPORTED_OTP_TYPE = 'Unsupported OTP type';

/** A success result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failure result from one or more errors (the first one is `error`). */
export function fail<T>(first: OtpError, ...more: OtpError[]): Result<T> {
  return { ok: false, error: first, errors: [first, ...more] };
}

/** A failure result from a non-empty list of errors. */
export function failAll<T>(errors: readonly OtpError[]): Result<T> {
  const [first, ...more] = errors;
  if (first === undefined) throw new Error('failAll needs at least one error');
  return fail(first, ...more);
}
