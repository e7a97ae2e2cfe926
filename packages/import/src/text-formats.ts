import {
  decodeMigrationUris,
  isMigrationUri,
  MAX_DB_INTEGER,
  parseOtpauthUri,
  type MigrationEntry,
} from '@twofold/otp';
import Papa from 'papaparse';
import { isObject, noFormat, str, success, unreadable } from './failures.js';
import { buildRow, invalidRow, labelParts, rowErrorFor, rowFromUri, withLabelAccount } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * Text formats: Google Authenticator migration lines, Bitwarden CSV and plain otpauth lists
 * (Aegis, Ente, 2FAuth, FreeOTP+). Bitwarden's `login.totp` grammar lives here too, shared with
 * the JSON export.
 */

/** Lines of a text payload: split on any line break, each trimmed, blank lines dropped. */
export function payloadLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Ente also separates URIs with commas: split at a comma followed by spaces and `otpauth://`. */
export function splitEnteCommas(lines: readonly string[]): string[] {
  return lines.flatMap((line) =>
    line
      .split(/,\s*(?=otpauth:\/\/)/i)
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}

const OTPAUTH_LINE = /^(otpauth:\/\/(totp|hotp|steam|yaotp)\/|motp:\/\/)/i;

interface CodeDisplay {
  readonly trashed: boolean;
  readonly pinned: boolean;
  readonly group: string | null;
  readonly tags: string[];
  readonly note: string | null;
}
const NO_DISPLAY: CodeDisplay = { trashed: false, pinned: false, group: null, tags: [], note: null };

/** Ente's `codeDisplay` parameter: `trashed`, `pinned`, the tags (the first one as the group) and the note. */
function codeDisplay(uri: string): CodeDisplay {
  const question = uri.indexOf('?');
  if (question === -1) return NO_DISPLAY;
  const value = new URLSearchParams(uri.slice(question + 1).replace(/#/g, '%23')).get('codeDisplay');
  if (value === null) return NO_DISPLAY;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!isObject(parsed)) return NO_DISPLAY;
    const tags = (Array.isArray(parsed.tags) ? parsed.tags : [])
      .map((tag) => str(tag))
      .filter((tag): tag is string => tag !== null && tag.trim() !== '');
    const note = str(parsed.note);
    return {
      trashed: parsed.trashed === true,
      pinned: parsed.pinned === true,
      group: tags[0] ?? null,
      tags,
      note: note === null || note.trim() === '' ? null : note,
    };
  } catch {
    return NO_DISPLAY;
  }
}

/**
 * Plain otpauth lines to rows; trashed Ente entries are skipped, Ente's first tag becomes the
 * group, its tags tags, its note the note and a pinned code a favourite.
 */
export function otpauthLinesToRows(lines: readonly string[]): { rows: ImportRow[]; skipped: number } {
  const rows: ImportRow[] = [];
  let skipped = 0;
  for (const line of lines) {
    const display = codeDisplay(line);
    if (display.trashed) skipped++;
    else {
      const row = rowFromUri(line, { group: display.group });
      rows.push(
        row.error
          ? row
          : {
              ...row,
              ...(display.tags.length > 0 ? { tags: display.tags } : {}),
              ...(display.note === null ? {} : { note: display.note }),
              ...(display.pinned ? { favorite: true as const } : {}),
            },
      );
    }
  }
  return { rows, skipped };
}

/** True when every line qualifies as an otpauth line of a plain list. */
export function isPlainList(lines: readonly string[]): boolean {
  return lines.length > 0 && lines.every((line) => OTPAUTH_LINE.test(line));
}

/** A plain-text otpauth list; `undefined` when a line does not qualify. */
export function parsePlainList(text: string): ImportResult | undefined {
  const lines = splitEnteCommas(payloadLines(text));
  if (!isPlainList(lines)) return undefined;
  const { rows, skipped } = otpauthLinesToRows(lines);
  return success('plain', 'migration', rows, { skipped });
}

/** The largest period the database stores (a 32-bit integer column). */
const MAX_PERIOD = MAX_DB_INTEGER;

function googleRow(entry: MigrationEntry): ImportRow {
  if (!entry.ok) {
    const { service, account, otp_type } = entry;
    return invalidRow(rowErrorFor(entry.error), { service, account, otp_type });
  }
  const { image: _image, ...account } = entry.account;
  // Field 8 (period) is 2FAuth's own extension; beyond what a database integer holds, use 30.
  const period = account.period !== null && account.period > MAX_PERIOD ? 30 : account.period;
  return { ...account, period, icon: null, group: null };
}

/** Google Authenticator migration lines; `undefined` unless every line is one. */
export function parseGoogle(lines: readonly string[]): ImportResult | undefined {
  if (lines.length === 0 || !lines.every((line) => isMigrationUri(line))) return undefined;
  const decoded = decodeMigrationUris(lines);
  if (!decoded.ok) return unreadable('Google Authenticator');
  return success('google', 'Google Authenticator', decoded.value.entries.map(googleRow), {
    notices: [...decoded.value.notices],
  });
}

const blank = (value: string | null | undefined): boolean =>
  value === null || value === undefined || value.trim() === '';

/**
 * Bitwarden's `login.totp`: an otpauth URI, `steam://<base32>`, or a bare base32 secret (TOTP,
 * SHA1, 6 digits, 30 s). The item's name is the service; the account is the username, else the
 * URI's account, else the item's name (also when the URI's label is empty).
 */
export function bitwardenRow(item: {
  name: string | null;
  username: string | null;
  totp: string;
  group: string | null;
}): ImportRow {
  const totp = item.totp.trim();
  const service = blank(item.name) ? null : item.name;
  const username = blank(item.username) ? null : item.username;
  const group = item.group;
  if (/^otpauth:\/\//i.test(totp)) {
    // A URI without an account in its label takes the username, else the item's name.
    const uri = withLabelAccount(totp, username ?? service);
    const parsed = parseOtpauthUri(uri);
    const account = username ?? (parsed.ok ? parsed.value.account : labelParts(uri).account) ?? service;
    if (!parsed.ok) return invalidRow(rowErrorFor(parsed.error), { service, account, group });
    return buildRow({ ...parsed.value, service: service ?? parsed.value.service, account, group });
  }
  const steam = /^steam:\/\//i.test(totp);
  return buildRow({
    otp_type: steam ? 'steamtotp' : 'totp',
    service,
    account: username ?? service,
    secret: steam ? totp.slice('steam://'.length) : totp,
    group,
  });
}

/** Bitwarden's CSV export; `undefined` unless the first line is a header with `login_totp`. */
export function parseBitwardenCsv(text: string): ImportResult | undefined {
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  if (!firstLine.split(',').some((column) => column.trim().replace(/^"|"$/g, '') === 'login_totp'))
    return undefined;
  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: 'greedy',
  });
  if (parsed.errors.some((error) => error.type === 'Quotes')) return unreadable('Bitwarden');
  const rows: ImportRow[] = [];
  let skipped = 0;
  for (const record of parsed.data) {
    const totp = record.login_totp ?? '';
    if (record.type !== 'login' || totp.trim() === '') {
      skipped++;
      continue;
    }
    rows.push(
      bitwardenRow({
        name: record.name ?? null,
        username: record.login_username ?? null,
        totp,
        group: blank(record.folder) ? null : (record.folder ?? null),
      }),
    );
  }
  return success('bitwarden-csv', 'Bitwarden', rows, { skipped });
}

/** The text rows of the detection order: Google, Bitwarden CSV, plain list. */
export function parseText(text: string): ImportResult {
  const lines = payloadLines(text);
  return parseGoogle(lines) ?? parseBitwardenCsv(text) ?? parsePlainList(text) ?? noFormat();
}
