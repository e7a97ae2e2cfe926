import { bytesToBase32 } from '@twofold/otp';
import { hexBytes } from './context.js';
import { success } from './failures.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult } from './types.js';

/*
 * Battle.net Authenticator (Android), its shared preferences: the device secret and the serial,
 * each hex, XOR-masked with a fixed key. One TOTP account: 8 digits, 30 s, SHA-1, service
 * "Battle.net", account the serial (as Aegis imports it).
 */

const SECRET_KEY = 'com.blizzard.messenger.AUTHENTICATOR_DEVICE_SECRET';
const SERIAL_KEY = 'com.blizzard.messenger.AUTHENTICATOR_SERIAL';
const MASK = hexBytes(
  '398e27fc50276a656065b0e525f4c06c04c61075286b8e7aeda59da9813b5dd6c80d2fb38068773fa59ba47c17ca6c6479015c1d5b8b8f6b9a',
)!;

export const isBattleNet = (prefs: ReadonlyMap<string, string>): boolean => prefs.has(SECRET_KEY);

/** Hex, unmasked, as text; null when not hex or longer than the mask. */
function unmask(value: string): string | null {
  const bytes = hexBytes(value.trim());
  if (bytes === null || bytes.length > MASK.length) return null;
  return String.fromCharCode(...bytes.map((byte, i) => byte ^ MASK[i]!));
}

export function parseBattleNet(prefs: ReadonlyMap<string, string>): ImportResult {
  const serialText = prefs.get(SERIAL_KEY);
  const serial = serialText === undefined || serialText === '' ? null : unmask(serialText);
  const source = { service: 'Battle.net', account: serial };
  const secretHex = unmask(prefs.get(SECRET_KEY) ?? '');
  const secret = secretHex === null ? null : hexBytes(secretHex);
  const row =
    secret === null || secret.length === 0
      ? invalidRow(rowError.secret, source)
      : buildRow({
          otp_type: 'totp',
          ...source,
          account: serial ?? 'Battle.net',
          secret: bytesToBase32(secret),
          digits: 8,
          period: 30,
          algorithm: 'sha1',
        });
  return success('battle-net', 'Battle.net', [row]);
}
