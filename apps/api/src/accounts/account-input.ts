import type { Deps } from '../shared/deps.js';
import type { FieldError } from '../http/errors.js';
import { fieldError, invalidFields } from '../http/field-errors.js';
import { groupExists } from '../groups/groups.queries.js';
import { accountParameters, type FieldRule, type OtpType, type ParsedOtpauthAccount } from '@twofold/otp';
import { isStorableText } from '../http/validation.js';
import { parseOtpauthUri } from './otp.js';

/** Account data ready to be stored (clear text), or to be shown by a preview. */
export interface AccountData {
  otp_type: OtpType;
  service: string | null;
  account: string;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  icon: string | null;
}

/**
 * The account model's parameter rules (@twofold/otp: defaults, Steam rule, period/counter nulling)
 * on validated input. `stored` gives the kept period/counter of an update.
 */
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
  const parameters = accountParameters({ ...input, otp_type: input.otp_type as OtpType }, stored);
  return { ...parameters, account: input.account, secret: input.secret };
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

/** A broken rule of the account model as the API's field error (2FAuth's message keys). */
function ruleToFieldError(error: FieldRule): FieldError {
  switch (error.rule) {
    case 'uri_label':
      return { field: error.field, message: { key: 'validation.uri_label' } };
    case 'between':
      return fieldError(error.field, 'validation.between', { min: error.min, max: error.max });
    case 'min':
      return fieldError(error.field, 'validation.min.numeric', { min: error.min });
    default:
      return fieldError(error.field, `validation.${error.rule}`);
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
export function parseUriOrThrow(uri: string, customOtp: string | null | undefined): ParsedOtpauthAccount {
  const parsed = parseOtpauthUri(uri, { forceSteam: customOtp === 'steamtotp' });
  if (!parsed.ok) throw invalidFields(parsed.errors.map(ruleToFieldError), URI_FIELDS);
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
