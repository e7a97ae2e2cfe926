import { isObject, num, str, success } from './failures.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Duo Mobile (Android), its internal accounts file (`files/duokit/accounts.json`): an array of
 * `{name, otpGenerator: {otpSecret, counter?}}`. A counter means HOTP, else TOTP; Duo keeps no
 * issuer, digits, period or algorithm (6 digits, 30 s, SHA-1). Duo Push accounts carry no OTP
 * secret and become invalid rows.
 */

export function isDuo(json: unknown): json is unknown[] {
  return (
    Array.isArray(json) &&
    json.length > 0 &&
    json.every((item) => isObject(item) && 'otpGenerator' in item && 'name' in item)
  );
}

function duoRow(item: unknown): ImportRow {
  const entry = isObject(item) ? item : {};
  const name = str(entry.name);
  const generator = isObject(entry.otpGenerator) ? entry.otpGenerator : null;
  const secret = generator === null ? null : str(generator.otpSecret);
  if (generator === null || secret === null) return invalidRow(rowError.secret, { account: name });
  const hotp = generator.counter !== undefined && generator.counter !== null;
  return buildRow({
    otp_type: hotp ? 'hotp' : 'totp',
    service: null,
    account: name,
    secret,
    counter: hotp ? (num(generator.counter) ?? NaN) : null,
  });
}

export function parseDuo(items: readonly unknown[]): ImportResult {
  return success('duo', 'Duo Mobile', items.map(duoRow));
}
