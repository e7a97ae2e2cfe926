/** The three account types of the API (`otp_type` on the wire). */
export type OtpType = 'totp' | 'hotp' | 'steamtotp';

/** HMAC algorithms, lower case as on the wire. `md5` uses the zero-fill rule (see `truncate` in codes.ts). */
export type Algorithm = 'sha1' | 'sha256' | 'sha512' | 'md5';

/** Every accepted `otp_type`, in the API's order. */
export const OTP_TYPES: readonly OtpType[] = ['totp', 'hotp', 'steamtotp'];

/** Every accepted `algorithm`. */
export const ALGORITHMS: readonly Algorithm[] = ['sha1', 'sha256', 'sha512', 'md5'];

/** Smallest and largest `digits`, as 2FAuth accepts them. */
export const MIN_DIGITS = 5;
export const MAX_DIGITS = 10;

/**
 * A two-factor account as the API stores and returns it (wire names of 2FAuth's API), after the
 * model rules: canonical secret, Steam rule, `period` null for HOTP and `counter`
 * null for TOTP and Steam.
 */
export interface OtpAccount {
  readonly otp_type: OtpType;
  /** The issuer; never an empty string. */
  readonly service: string | null;
  /** The label; never empty. */
  readonly account: string;
  /** Base32 in storage form: upper case, `=`-padded to a multiple of 8 so 2FAuth exports and ours agree. */
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: Algorithm;
  readonly period: number | null;
  readonly counter: number | null;
  /**
   * Untrusted logo URL from an otpauth `image=` parameter; never fetched here: fetching is the API's job,
   * behind its own guards.
   */
  readonly image?: string | null;
}

/** The fields an error can be about (the keys of the API's 422 `errors` object). */
export type OtpField =
  | 'uri'
  | 'label'
  | 'otp_type'
  | 'service'
  | 'account'
  | 'secret'
  | 'algorithm'
  | 'digits'
  | 'period'
  | 'counter'
  | 'time'
  | 'data'
  | 'image'
  | 'text';

/** Machine codes for errors; the pair (field, code) says exactly what went wrong. */
export type OtpErrorCode =
  /** Not an otpauth URI, no `/` after the type, or a malformed `%` escape in the label. */
  | 'invalid_uri'
  /** An otpauth type, `otp_type` or Google `type` we do not support. */
  | 'unsupported_type'
  /** Empty label or empty account part (`The uri must have a label.`). */
  | 'missing_label'
  | 'required'
  | 'invalid_base32'
  /** A value outside an enumeration (algorithm). */
  | 'invalid_choice'
  | 'not_an_integer'
  | 'out_of_range'
  /** Not an `otpauth-migration://offline?data=` URI. */
  | 'not_migration_uri'
  /** The migration payload cannot be read (bad base64 or protobuf). */
  | 'invalid_data'
  /** Image bytes of a type we do not accept. */
  | 'unsupported_format'
  /** More bytes or pixels than allowed. */
  | 'too_large'
  /** Image bytes of an accepted type that cannot be decoded. */
  | 'invalid_image'
  /** No QR code in the image. */
  | 'no_qr_found'
  /** A QR code was found but its content is empty or unreadable. */
  | 'unreadable_qr'
  /** The text does not fit in a QR code. */
  | 'data_too_long';

/** A typed, field-level error with an English message. Never contains a secret. */
export interface OtpError {
  readonly field: OtpField;
  readonly code: OtpErrorCode;
  readonly message: string;
}

/** A success value or the first error (`error`) with every error found (`errors`). */
export type Result<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: OtpError; readonly errors: readonly OtpError[] };
