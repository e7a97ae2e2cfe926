import { bytesToBase32, decodeBase64, MAX_DB_INTEGER, parseOtpauthUri } from '@twofold/otp';
import { isObject, num, str, success, unreadable, type Json } from './failures.js';
import {
  buildRow,
  invalidRow,
  labelParts,
  rowError,
  rowErrorFor,
  rowFromUri,
  withLabelAccount,
} from './rows.js';
import { bitwardenRow, isPlainList } from './text-formats.js';
import type { ImportResult, ImportRow, RowIcon } from './types.js';

/*
 * Plain JSON formats: 2FAuth, 2FAS, Bitwarden, Proton Authenticator, andOTP, Steam maFiles and
 * FreeOTP+. Each reader takes the parsed JSON value and returns rows or a whole-payload failure.
 */

const ICON_MIMES = ['image/svg+xml', 'image/png', 'image/jpeg', 'image/bmp', 'image/x-ms-bmp', 'image/webp'];

/** Base64 icon bytes with an accepted declared type, else null (the row is kept either way). */
export function embeddedIcon(
  data: unknown,
  mime: unknown,
  accepted: readonly string[] = ICON_MIMES,
): RowIcon | null {
  if (typeof data !== 'string' || typeof mime !== 'string') return null;
  const type = mime.toLowerCase();
  if (!accepted.includes(type)) return null;
  const bytes = decodeBase64(data.replace(/\s+/g, ''));
  return bytes === null || bytes.length === 0 ? null : { bytes, mime: type };
}

const positive = (value: unknown, max: number): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max ? value : undefined;

function twoFauthItem(item: unknown): ImportRow {
  if (!isObject(item)) return invalidRow(rowError.uri);
  const service = str(item.service);
  const account = str(item.account);
  const otpType = typeof item.otp_type === 'string' ? item.otp_type.toLowerCase() : '';
  const steam = otpType === 'steamtotp';
  // A non-string algorithm (a number, an object) is invalid, not stringified.
  const algorithm =
    item.algorithm === undefined || item.algorithm === null ? null : (str(item.algorithm) ?? '');
  return buildRow({
    otp_type: otpType,
    service,
    account,
    secret: str(item.secret),
    digits: steam
      ? null
      : item.digits === undefined || item.digits === null
        ? null
        : (num(item.digits) ?? NaN),
    algorithm: steam ? null : algorithm,
    period: positive(item.period, MAX_DB_INTEGER) ?? 30,
    counter: positive(item.counter, Number.MAX_SAFE_INTEGER) ?? 0,
    icon: embeddedIcon(item.icon_file, item.icon_mime),
  });
}

/** 2FAuth JSON: `app` starting `2fauth_` with a `schema`, or `data[]` items carrying only `uri`. */
export function isTwoFauth(json: Json): boolean {
  if (typeof json.app !== 'string' || !json.app.startsWith('2fauth_')) return false;
  return 'schema' in json || (Array.isArray(json.data) && json.data.every(isUriOnly));
}

const isUriOnly = (item: unknown): boolean =>
  isObject(item) && typeof item.uri === 'string' && Object.keys(item).length === 1;

export function parseTwoFauth(json: Json): ImportResult {
  if (!Array.isArray(json.data)) return unreadable('2FAuth');
  const items: unknown[] = json.data;
  if (items.length > 0 && items.every(isUriOnly)) {
    const lines = items.map((item) => String((item as Json).uri).trim());
    if (!isPlainList(lines)) return unreadable('2FAuth');
    return success(
      '2fauth',
      '2FAuth',
      lines.map((line) => rowFromUri(line)),
    );
  }
  return success('2fauth', '2FAuth', items.map(twoFauthItem));
}

const TWOFAS_TYPES: Readonly<Record<string, string>> = { TOTP: 'totp', HOTP: 'hotp', STEAM: 'steamtotp' };

function twoFasService(service: unknown, groups: ReadonlyMap<string, string>): ImportRow {
  if (!isObject(service)) return invalidRow(rowError.secret);
  const otp = isObject(service.otp) ? service.otp : {};
  // The service's name, else (empty name) the otp's issuer.
  const name =
    [str(service.name), str(otp.issuer)].find((value) => value !== null && value.trim() !== '') ?? null;
  // Recent 2FAS versions may leave `label` and `account` empty and keep the name in `otp.link`.
  const link = str(otp.link);
  const fromLink = link !== null && /^otpauth:\/\//i.test(link.trim()) ? labelParts(link).account : null;
  const account =
    [str(otp.account), str(otp.label), fromLink, name].find(
      (value) => value !== null && value.trim() !== '',
    ) ?? null;
  const tokenType = otp.tokenType === undefined || otp.tokenType === '' ? 'TOTP' : str(otp.tokenType);
  const groupId = str(service.groupId);
  return buildRow({
    otp_type: (tokenType !== null ? TWOFAS_TYPES[tokenType.toUpperCase()] : undefined) ?? '',
    service: name,
    account,
    secret: str(service.secret),
    // `null` (2FAS Android 4.2 writes `"algorithm": null`) means absent: the default.
    digits: otp.digits == null ? null : (num(otp.digits) ?? NaN),
    algorithm: otp.algorithm == null ? null : (str(otp.algorithm) ?? ''),
    period: otp.period == null ? null : (num(otp.period) ?? NaN),
    counter: otp.counter == null ? null : (num(otp.counter) ?? NaN),
    group: groupId === null ? null : (groups.get(groupId) ?? null),
  });
}

/** 2FAS services (already decrypted when the file was encrypted) with the file's groups. */
export function twoFasRows(services: readonly unknown[], groups: unknown): ImportResult {
  const names = new Map<string, string>();
  if (Array.isArray(groups)) {
    for (const group of groups) {
      if (isObject(group) && typeof group.id === 'string' && typeof group.name === 'string')
        names.set(group.id, group.name);
    }
  }
  return success(
    '2fas',
    '2FAS Auth',
    services.map((service) => twoFasService(service, names)),
  );
}

/** Bitwarden's unencrypted password-manager or Authenticator export. */
export function parseBitwardenItems(json: Json): ImportResult {
  if (!Array.isArray(json.items)) return unreadable('Bitwarden');
  const folders = new Map<string, string>();
  if (Array.isArray(json.folders)) {
    for (const folder of json.folders) {
      if (isObject(folder) && typeof folder.id === 'string' && typeof folder.name === 'string')
        folders.set(folder.id, folder.name);
    }
  }
  const rows: ImportRow[] = [];
  let skipped = 0;
  for (const item of json.items) {
    const login = isObject(item) && isObject(item.login) ? item.login : null;
    const totp = login ? str(login.totp) : null;
    if (!isObject(item) || item.type !== 1 || login === null || totp === null || totp.trim() === '') {
      skipped++;
      continue;
    }
    const folderId = str(item.folderId);
    const row = bitwardenRow({
      name: str(item.name),
      username: str(login.username),
      totp,
      group: folderId === null ? null : (folders.get(folderId) ?? null),
    });
    const notes = str(item.notes);
    rows.push(!row.error && notes !== null && notes.trim() !== '' ? { ...row, note: notes } : row);
  }
  return success('bitwarden', 'Bitwarden', rows, { skipped });
}

/** Proton Authenticator's plain export. */
export function parseProtonEntries(json: Json): ImportResult {
  if (!Array.isArray(json.entries)) return unreadable('Proton Authenticator');
  const rows = json.entries.map((entry): ImportRow => {
    const content = isObject(entry) && isObject(entry.content) ? entry.content : null;
    const uri = content ? str(content.uri) : null;
    if (content === null || uri === null) return invalidRow(rowError.uri);
    // An empty issuer prefix (`:cool@ente.com`) is dropped, as Ente does.
    const name = str(content.name)?.replace(/^\s*:/, '') ?? null;
    const steam = content.entry_type === 'Steam';
    const account = name !== null && name.trim() !== '' ? name : null;
    // Steam entries carry `steam://<secret>` (any letter case) instead of an otpauth URI.
    if (/^steam:\/\//i.test(uri.trim()))
      return buildRow({
        otp_type: 'steamtotp',
        service: 'Steam',
        account: account ?? 'Steam',
        secret: uri.trim().slice('steam://'.length),
      });
    const parsed = parseOtpauthUri(withLabelAccount(uri, account), { forceSteam: steam });
    if (!parsed.ok) {
      const label = labelParts(uri);
      return invalidRow(rowErrorFor(parsed.error), { ...label, account: account ?? label.account });
    }
    return buildRow({ ...parsed.value, account: account ?? parsed.value.account });
  });
  return success('proton', 'Proton Authenticator', rows);
}

/** andOTP's plain export: a top-level array of objects with `secret` and `type`. */
export function isAndOtp(json: unknown): json is unknown[] {
  return (
    Array.isArray(json) &&
    json.length > 0 &&
    json.every((item) => isObject(item) && 'secret' in item && 'type' in item)
  );
}

const ANDOTP_TYPES: Readonly<Record<string, string>> = { TOTP: 'totp', HOTP: 'hotp', STEAM: 'steamtotp' };

/** An andOTP label split as an otpauth label: the issuer's prefix, else up to the first colon. */
function andOtpAccount(label: string | null, issuer: string | null): string | null {
  if (label === null) return null;
  if (issuer !== null && issuer !== '' && label.startsWith(`${issuer}:`))
    return label.slice(issuer.length + 1);
  const colon = label.indexOf(':');
  return colon === -1 ? label : label.slice(colon + 1);
}

export function parseAndOtp(items: readonly unknown[]): ImportResult {
  const rows = items.map((item): ImportRow => {
    const entry = item as Json;
    // andOTP before 0.6 had no `issuer`: its label reads `Issuer - Issuer:Name`.
    const legacy = !('issuer' in entry) ? /^(.+?) - (.+)$/s.exec(str(entry.label) ?? '') : null;
    const issuer = legacy ? legacy[1]! : str(entry.issuer);
    const label = legacy ? legacy[2]! : str(entry.label);
    const type = str(entry.type);
    const tags = Array.isArray(entry.tags) ? entry.tags : [];
    return buildRow({
      otp_type: (type !== null ? ANDOTP_TYPES[type.toUpperCase()] : undefined) ?? '',
      service: issuer,
      account: andOtpAccount(label, issuer),
      secret: str(entry.secret),
      digits: entry.digits === undefined ? null : (num(entry.digits) ?? NaN),
      algorithm: entry.algorithm === undefined ? null : (str(entry.algorithm) ?? ''),
      period: entry.period === undefined ? null : (num(entry.period) ?? NaN),
      counter: entry.counter === undefined ? null : (num(entry.counter) ?? NaN),
      group: str(tags[0]),
    });
  });
  return success('andotp', 'andOTP', rows);
}

/** Steam maFile: one account object, or `{accounts: {<key>: account}}`. */
export function isSteamMaFile(json: Json): boolean {
  if (typeof json.shared_secret === 'string') return true;
  return (
    isObject(json.accounts) &&
    Object.values(json.accounts).some((value) => isObject(value) && 'shared_secret' in value)
  );
}

function steamRow(value: unknown): ImportRow {
  const entry = isObject(value) ? value : {};
  const name = str(entry.account_name);
  const steamId =
    typeof entry.steamid === 'number' || typeof entry.steamid === 'string' ? String(entry.steamid) : null;
  const account = name !== null && name.trim() !== '' ? name : steamId;
  const shared = str(entry.shared_secret);
  const bytes = shared === null ? null : decodeBase64(shared.trim());
  if (bytes === null || bytes.length === 0)
    return invalidRow(rowError.secret, { service: 'Steam', account, otp_type: 'steamtotp' });
  return buildRow({ otp_type: 'steamtotp', service: 'Steam', account, secret: bytesToBase32(bytes) });
}

export function parseSteam(json: Json): ImportResult {
  const accounts = typeof json.shared_secret === 'string' ? [json] : Object.values(json.accounts as Json);
  return success('steam', 'Steam', accounts.map(steamRow));
}

/** FreeOTP+ JSON: `tokens` with signed-byte secrets, counters one behind, `tokenOrder`. */
export function isFreeOtpPlus(json: Json): boolean {
  return Array.isArray(json.tokens);
}

function freeOtpRow(value: unknown): ImportRow {
  const token = isObject(value) ? value : {};
  const service =
    [str(token.issuerExt), str(token.issuerInt)].find((text) => text !== null && text.trim() !== '') ?? null;
  const account = str(token.label);
  const type = (str(token.type) ?? '').toLowerCase();
  const secret = Array.isArray(token.secret) ? token.secret : null;
  const bytesOk =
    secret !== null && secret.length > 0 && secret.every((b) => Number.isInteger(b) && b >= -128 && b <= 255);
  if (!bytesOk) return invalidRow(rowError.secret, { service, account });
  const counter = num(token.counter);
  return buildRow({
    otp_type: type,
    service,
    account,
    secret: bytesToBase32(Uint8Array.from(secret as number[], (b) => b & 0xff)),
    digits: token.digits === undefined ? null : (num(token.digits) ?? NaN),
    algorithm: token.algo === undefined ? null : (str(token.algo) ?? ''),
    period: token.period === undefined ? null : (num(token.period) ?? NaN),
    counter: counter === null ? null : counter + 1,
  });
}

export function parseFreeOtpPlus(json: Json): ImportResult {
  const tokens = json.tokens as unknown[];
  const order = Array.isArray(json.tokenOrder)
    ? json.tokenOrder.filter((key) => typeof key === 'string')
    : [];
  const keyOf = (token: unknown): string => {
    if (!isObject(token)) return '';
    const issuer = str(token.issuerExt) ?? str(token.issuerInt) ?? '';
    const label = str(token.label) ?? '';
    return issuer === '' ? label : `${issuer}:${label}`;
  };
  const position = (token: unknown): number => {
    const at = order.indexOf(keyOf(token));
    return at === -1 ? order.length : at;
  };
  const sorted = tokens
    .map((token, index) => ({ token, index }))
    .sort((a, b) => position(a.token) - position(b.token) || a.index - b.index);
  return success(
    'freeotp-plus',
    'FreeOTP+',
    sorted.map(({ token }) => freeOtpRow(token)),
  );
}
