import type { Deps } from '../shared/deps.js';
import type { FieldError } from '../http/errors.js';
import { fieldError, invalidFields } from '../http/field-errors.js';
import { groupExists } from '../groups/groups.queries.js';
import { isSteam, STEAM_FIELDS } from '@twofold/otp';
import { isStorableText } from '../http/validation.js';
import { parseOtpauthUri, type ParsedUri, type UriError } from './otp.js';

/** Account data ready to be stored (clear text), or to be shown by a preview. */
export interface AccountData {
  otp_type: 'totp' | 'hotp' | 'steamtotp';
  service: string | null;
  account: string;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  icon: string | null;
}

/** Defaults, then the Steam rule. `stored` gives the kept period/counter of an update. */
export function normalise(
  input: {
    otp_type: string;
    service: string | null;
    account: string;
    secret: string;
    digits?: number | null;
    algorithm?: string | null;
    period?: number | null;
    counter?: number | null;
  },
  stored?: { otp_type: string; period: number | null; counter: number | null },
): Omit<AccountData, 'icon'> {
  const otpType = input.otp_type as AccountData['otp_type'];
  if (isSteam(otpType, input.service)) {
    return { account: input.account, secret: input.secret, ...STEAM_FIELDS };
  }
  const sameType = stored !== undefined && stored.otp_type === otpType;
  const keep = <K extends 'period' | 'counter'>(key: K, fallback: number): number =>
    input[key] === undefined
      ? sameType && stored[key] !== null
        ? stored[key]
        : fallback
      : (input[key] ?? fallback);
  return {
    otp_type: otpType,
    service: input.service,
    account: input.account,
    secret: input.secret,
    digits: input.digits ?? 6,
    algorithm: input.algorithm ?? 'sha1',
    period: otpType === 'totp' ? keep('period', 30) : null,
    counter: otpType === 'hotp' ? keep('counter', 0) : null,
  };
}

/** The label rules (at most 255 characters, no `:`) that URI-derived service and account must pass too. */
function labelErrors(data: { service: string | null; account: string }): FieldError[] {
  const found: FieldError[] = [];
  for (const field of ['service', 'account'] as const) {
    const value = data[field];
    if (value === null) continue;
    if ([...value].length > 255) found.push(fieldError(field, 'validation.max.string', { max: 255 }));
    else if (value.includes(':')) found.push(fieldError(field, 'validation.no_colon'));
    // A `%00` or a lone surrogate escape in a URI label or issuer decodes to text PostgreSQL refuses.
    else if (!isStorableText(value)) found.push(fieldError(field, 'validation.regex'));
  }
  return found;
}

function uriErrorToField(error: UriError): FieldError {
  switch (error.kind) {
    case 'invalid_uri':
    case 'unsupported_type':
      return fieldError('uri', 'validation.otpauth_uri');
    case 'no_label':
      return { field: 'label', message: { key: 'validation.uri_label' } };
    case 'secret_required':
      return fieldError('secret', 'validation.required');
    case 'secret_invalid':
      return fieldError('secret', 'validation.base32');
    case 'algorithm':
      return fieldError('algorithm', 'validation.in');
    case 'digits':
      return fieldError('digits', 'validation.between', { min: 5, max: 10 });
    case 'period':
      return fieldError('period', 'validation.min.numeric', { min: 1 });
    case 'counter_negative':
      return fieldError('counter', 'validation.min.numeric', { min: 0 });
    case 'counter_integer':
      return fieldError('counter', 'validation.integer');
  }
}

const URI_FIELDS = [
  'uri',
  'label',
  'secret',
  'algorithm',
  'digits',
  'period',
  'counter',
  'service',
  'account',
];

/** Parses a URI of the create/preview/OTP routes; 422 naming the failing parameter. */
export function parseUriOrThrow(uri: string, customOtp: string | null | undefined): ParsedUri {
  const parsed = parseOtpauthUri(uri, { forceSteam: customOtp === 'steamtotp' });
  if (!parsed.ok) throw invalidFields(parsed.errors.map(uriErrorToField), URI_FIELDS);
  const more = labelErrors(parsed.value);
  if (more.length > 0) throw invalidFields(more, URI_FIELDS);
  return parsed.value;
}

/** `group_id` > 0 must name a group (checked with the rest of the body). */
export async function groupIdErrors(deps: Deps, raw: Record<string, unknown>, failed: ReadonlySet<string>) {
  const value = raw.group_id;
  if (failed.has('group_id') || typeof value !== 'number' || value <= 0) return [];
  return (await groupExists(deps.db, value)) ? [] : [fieldError('group_id', 'validation.in')];
}
