import { MAX_DIGITS, MIN_DIGITS, type OtpError, type OtpField } from './types.js';

/**
 * The validation rule an engine error breaks, named as Laravel's validator names it (the words of
 * 2FAuth's 422 answers), with its bounds. One mapping for every caller: the API renders it in the
 * caller's language, a form shows it beside the field.
 */
export type FieldRule =
  | {
      readonly field: OtpField;
      readonly rule: 'otpauth_uri' | 'uri_label' | 'required' | 'base32' | 'in' | 'integer';
    }
  | { readonly field: OtpField; readonly rule: 'between'; readonly min: number; readonly max: number }
  | { readonly field: OtpField; readonly rule: 'min'; readonly min: number };

export function fieldRuleOf(error: OtpError): FieldRule {
  const { field, code } = error;
  switch (field) {
    case 'label':
      return { field, rule: 'uri_label' };
    case 'secret':
      return { field, rule: code === 'required' ? 'required' : 'base32' };
    case 'otp_type':
    case 'algorithm':
      return { field, rule: 'in' };
    case 'account':
      return { field, rule: 'required' };
    case 'digits':
      return { field, rule: 'between', min: MIN_DIGITS, max: MAX_DIGITS };
    case 'period':
      return { field, rule: 'min', min: 1 };
    case 'counter':
      return code === 'out_of_range' ? { field, rule: 'min', min: 0 } : { field, rule: 'integer' };
    default:
      // Anything else wrong with a URI (not otpauth, unsupported type, bad escape) is about the URI.
      return { field: 'uri', rule: 'otpauth_uri' };
  }
}
