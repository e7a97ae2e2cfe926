import { isAuthy, parseAuthy } from './authy.js';
import { isBattleNet, parseBattleNet } from './battle-net.js';
import type { DecryptContext } from './context.js';
import { ImportAbort, isObject, noFormat, unreadable } from './failures.js';
import { parseFreeOtpPlus } from './json-formats.js';
import { readSharedPrefs } from './shared-prefs.js';
import { isTotpAuthenticatorPrefs, parseTotpAuthenticatorPrefs } from './totp-authenticator.js';
import type { AppName, ImportResult } from './types.js';

/*
 * Android shared-preferences files that apps keep internally: Authy, Battle.net Authenticator,
 * and FreeOTP 1.x / FreeOTP+ (`tokenOrder` plus one JSON token per `issuer:label` key, the same
 * tokens as FreeOTP+'s JSON export).
 */

function freeOtpTokens(prefs: ReadonlyMap<string, string>): { tokens: unknown[]; order: unknown } | null {
  const order = prefs.get('tokenOrder');
  if (order === undefined) return null;
  const tokens: unknown[] = [];
  for (const [name, value] of prefs) {
    if (name === 'tokenOrder') continue;
    try {
      const token: unknown = JSON.parse(value);
      if (isObject(token) && 'secret' in token) tokens.push(token);
    } catch {
      // other preferences are not tokens
    }
  }
  try {
    return { tokens, order: JSON.parse(order) };
  } catch {
    return { tokens, order: [] };
  }
}

async function guarded(app: AppName, read: () => ImportResult | Promise<ImportResult>) {
  try {
    return await read();
  } catch (error) {
    return error instanceof ImportAbort ? error.result : unreadable(app);
  }
}

export async function readXml(text: string, ctx: DecryptContext, maxEntries: number): Promise<ImportResult> {
  const prefs = readSharedPrefs(text);
  if (prefs === null) return noFormat();
  if (isAuthy(prefs)) return guarded('Authy', () => parseAuthy(prefs, ctx, maxEntries));
  if (isBattleNet(prefs)) return guarded('Battle.net', () => parseBattleNet(prefs));
  if (isTotpAuthenticatorPrefs(prefs))
    return guarded('TOTP Authenticator', () => parseTotpAuthenticatorPrefs(prefs));
  const freeOtp = freeOtpTokens(prefs);
  if (freeOtp !== null) {
    if (freeOtp.tokens.length > maxEntries) return unreadable('FreeOTP');
    const result = parseFreeOtpPlus({ tokens: freeOtp.tokens, tokenOrder: freeOtp.order });
    return result.ok ? { ...result, format: 'freeotp-xml', app: 'FreeOTP' } : result;
  }
  return noFormat();
}
