import type { Message } from '../i18n/translate.js';

/** An account proposed by an import source, before the §5.0 rules and the duplicate check. */
export interface SourceRow {
  otp_type: 'totp' | 'hotp' | 'steamtotp';
  service: string | null;
  account: string | null;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  /** Embedded icon bytes and their declared type. */
  icon: { bytes: Buffer; mime: string } | null;
  group: string | null;
  /** Set when this entry cannot become an account (an `id: -2` row). */
  error?: Message;
}

/** The reasons of invalid rows (formats.md §5.1), in 2FAuth's words. */
export const rowError = {
  unsupportedType: { key: 'error.unsupported_otp_type' },
  secret: { key: 'validation.base32', params: { attribute: 'secret' } },
  uri: { key: 'validation.otpauth_uri', params: { attribute: 'uri' } },
  label: { key: 'validation.uri_label' },
  digits: { key: 'validation.between', params: { attribute: 'digits', min: 5, max: 10 } },
  period: { key: 'validation.min.numeric', params: { attribute: 'period', min: 1 } },
  counter: { key: 'validation.min.numeric', params: { attribute: 'counter', min: 0 } },
  algorithm: { key: 'validation.in', params: { attribute: 'algorithm' } },
} as const satisfies Record<string, Message>;

/** An invalid row with harmless defaults (formats.md §5.1). */
export function invalidRow(
  error: Message,
  source: { service?: string | null; account?: string | null; otp_type?: SourceRow['otp_type'] } = {},
): SourceRow {
  return {
    otp_type: source.otp_type ?? 'totp',
    service: source.service ?? null,
    account: source.account ?? null,
    secret: '',
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    icon: null,
    group: null,
    error,
  };
}
