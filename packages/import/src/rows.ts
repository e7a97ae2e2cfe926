import { isOtpType, normalizeAccount, parseOtpauthUri, type OtpError, type OtpType } from '@twofold/otp';
import type { ImportRow, RowError, RowIcon } from './types.js';

/** The reasons of invalid rows, in 2FAuth's words, with the API's translation keys. */
export const rowError = {
  unsupportedType: { key: 'error.unsupported_otp_type', message: 'Unsupported OTP type' },
  secret: {
    key: 'validation.base32',
    params: { attribute: 'secret' },
    message: 'The secret field must be a base32 encoded string.',
  },
  uri: {
    key: 'validation.otpauth_uri',
    params: { attribute: 'uri' },
    message: 'The uri field is not a valid otpauth uri.',
  },
  label: { key: 'validation.uri_label', message: 'The uri must have a label.' },
  digits: {
    key: 'validation.between',
    params: { attribute: 'digits', min: 5, max: 10 },
    message: 'The digits field must be between 5 and 10.',
  },
  period: {
    key: 'validation.min.numeric',
    params: { attribute: 'period', min: 1 },
    message: 'The period field must be at least 1.',
  },
  counter: {
    key: 'validation.min.numeric',
    params: { attribute: 'counter', min: 0 },
    message: 'The counter field must be at least 0.',
  },
  algorithm: {
    key: 'validation.in',
    params: { attribute: 'algorithm' },
    message: 'The selected algorithm is invalid.',
  },
} as const satisfies Record<string, RowError>;

/** The row message for an error of the OTP engine: only the failing field's message. */
export function rowErrorFor(error: OtpError): RowError {
  if (error.code === 'unsupported_type') return rowError.unsupportedType;
  switch (error.field) {
    case 'uri':
      return rowError.uri;
    case 'label':
    case 'account':
      return rowError.label;
    case 'otp_type':
      return rowError.unsupportedType;
    case 'algorithm':
      return rowError.algorithm;
    case 'digits':
      return rowError.digits;
    case 'period':
      return rowError.period;
    case 'counter':
      return rowError.counter;
    default:
      return rowError.secret;
  }
}

/** Source values an invalid row keeps. */
export interface RowSource {
  readonly service?: string | null;
  readonly account?: string | null;
  readonly otp_type?: OtpType;
  readonly group?: string | null;
}

const blankToNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value.trim();

/** An invalid row with harmless defaults, keeping what the source said about it. */
export function invalidRow(error: RowError, source: RowSource = {}): ImportRow {
  return {
    otp_type: source.otp_type ?? 'totp',
    service: blankToNull(source.service),
    account: blankToNull(source.account),
    secret: '',
    digits: 6,
    algorithm: 'sha1',
    period: 30,
    counter: null,
    icon: null,
    group: source.group ?? null,
    error,
  };
}

/** Fields a source maps to before the account model applies. */
export interface RowInput {
  readonly otp_type: string;
  readonly service: string | null;
  readonly account: string | null;
  readonly secret: string | null;
  readonly digits?: number | null;
  readonly algorithm?: string | null;
  readonly period?: number | null;
  readonly counter?: number | null;
  readonly icon?: RowIcon | null;
  readonly group?: string | null;
}

/**
 * A row through the account model (`normalizeAccount`: canonical secret, Steam rule, defaults,
 * period/counter nulling), or an invalid row naming the first failing field.
 */
export function buildRow(input: RowInput): ImportRow {
  const type = input.otp_type.toLowerCase();
  const otpType = isOtpType(type) ? type : undefined;
  const source: RowSource = {
    service: input.service,
    account: input.account,
    group: input.group ?? null,
    ...(otpType ? { otp_type: otpType } : {}),
  };
  if (!otpType) return invalidRow(rowError.unsupportedType, source);
  const account = blankToNull(input.account);
  if (account === null) return invalidRow(rowError.label, source);
  if (input.secret === null || input.secret.trim() === '') return invalidRow(rowError.secret, source);
  const normalized = normalizeAccount({
    otp_type: otpType,
    service: blankToNull(input.service),
    account,
    secret: input.secret,
    digits: input.digits ?? null,
    algorithm: input.algorithm ?? null,
    period: otpType === 'hotp' ? null : (input.period ?? null),
    counter: otpType === 'hotp' ? (input.counter ?? null) : null,
  });
  if (!normalized.ok) return invalidRow(rowErrorFor(normalized.error), source);
  const { image: _image, ...account_ } = normalized.value;
  return { ...account_, icon: input.icon ?? null, group: input.group ?? null };
}

/**
 * The service and account an otpauth label gives, read leniently so that an invalid line keeps
 * them: the `issuer` parameter, else the text before the first colon of the label.
 */
export function labelParts(uri: string): { service: string | null; account: string | null } {
  const text = uri.trim();
  // otpauth URIs carry a type before the label; motp:// URIs start with the label.
  const typed = /^otpauth:\/\//i.test(text);
  const rest = text.replace(/^[a-z]+:\/\//i, '').replace(/#/g, '%23');
  const question = rest.indexOf('?');
  const head = question === -1 ? rest : rest.slice(0, question);
  const slash = typed ? head.indexOf('/') : -1;
  if (typed && slash === -1) return { service: null, account: null };
  let label: string;
  try {
    label = decodeURIComponent(head.slice(slash + 1));
  } catch {
    return { service: null, account: null };
  }
  const issuer = blankToNull(
    new URLSearchParams(question === -1 ? '' : rest.slice(question + 1)).get('issuer'),
  );
  let prefix: string | null = null;
  let account = label;
  if (issuer !== null && label.startsWith(`${issuer}:`)) {
    prefix = issuer;
    account = label.slice(issuer.length + 1);
  } else if (label.includes(':')) {
    prefix = label.slice(0, label.indexOf(':'));
    account = label.slice(label.indexOf(':') + 1);
  }
  return { service: issuer ?? blankToNull(prefix), account: blankToNull(account) };
}

const UNSUPPORTED_LINE = /^(otpauth:\/\/yaotp\/|motp:\/\/)/i;

/** One otpauth URI as a row; an invalid one keeps its label's service and account. */
export function rowFromUri(uri: string, extra: { group?: string | null } = {}): ImportRow {
  const group = extra.group ?? null;
  if (UNSUPPORTED_LINE.test(uri.trim()))
    return invalidRow(rowError.unsupportedType, { ...labelParts(uri), group });
  const parsed = parseOtpauthUri(uri);
  if (!parsed.ok) {
    const type = /^otpauth:\/\/(totp|hotp|steam)\//i.exec(uri.trim())?.[1]?.toLowerCase();
    const otp_type: OtpType | undefined = type === 'steam' ? 'steamtotp' : (type as OtpType | undefined);
    return invalidRow(rowErrorFor(parsed.error), {
      ...labelParts(uri),
      group,
      ...(otp_type ? { otp_type } : {}),
    });
  }
  const { image: _image, ...account } = parsed.value;
  return { ...account, icon: null, group };
}

/**
 * An otpauth URI whose label has no account (`otpauth://totp/?secret=…`, `otpauth://totp/Issuer:?…`)
 * with `account` put in the label, so that an account the source keeps elsewhere (a username, an
 * entry's name) is not lost; any other URI is returned as it is.
 */
export function withLabelAccount(uri: string, account: string | null): string {
  const text = uri.trim();
  const match = /^(otpauth:\/\/[a-z]+)(?:\/([^?]*))?(\?.*)?$/i.exec(text);
  if (account === null || account.trim() === '' || !match) return text;
  const parts = labelParts(text);
  if (parts.account !== null) return text;
  const prefix = (match[2] ?? '').includes(':') ? `${match[2]!.slice(0, match[2]!.indexOf(':'))}:` : '';
  return `${match[1]}/${prefix}${encodeURIComponent(account.trim())}${match[3] ?? ''}`;
}
