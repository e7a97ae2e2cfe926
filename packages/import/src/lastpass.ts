import { isObject, num, str, success, unreadable, type Json } from './failures.js';
import { buildRow, invalidRow, rowError } from './rows.js';
import type { ImportResult, ImportRow } from './types.js';

/*
 * LastPass Authenticator's export (Settings → Transfer accounts → Export to file): JSON with
 * `version`, `accounts[]` (`issuerName`/`originalIssuerName`, `userName`/`originalUserName`,
 * base32 `secret`, `digits`, `timeStep`, `algorithm`, `folderData.folderId`) and `folders[]`
 * (`id`, `name`). TOTP only; the folder becomes the group.
 */

export const isLastPass = (json: Json): boolean =>
  Array.isArray(json.accounts) &&
  json.accounts.some(
    (account) =>
      isObject(account) && 'secret' in account && ('timeStep' in account || 'issuerName' in account),
  );

const firstText = (...values: unknown[]): string | null =>
  values.map(str).find((value) => value !== null && value.trim() !== '') ?? null;

function lastPassRow(value: unknown, folders: ReadonlyMap<number, string>): ImportRow {
  if (!isObject(value)) return invalidRow(rowError.secret);
  const service = firstText(value.issuerName, value.originalIssuerName);
  const account = firstText(value.userName, value.originalUserName);
  const folder = isObject(value.folderData) ? num(value.folderData.folderId) : null;
  return buildRow({
    otp_type: 'totp',
    service,
    account: account ?? service,
    secret: str(value.secret),
    digits: value.digits === undefined ? null : (num(value.digits) ?? NaN),
    algorithm: value.algorithm === undefined ? null : (str(value.algorithm) ?? ''),
    period: value.timeStep === undefined ? null : (num(value.timeStep) ?? NaN),
    group: folder === null ? null : (folders.get(folder) ?? null),
  });
}

export function parseLastPass(json: Json): ImportResult {
  if (!Array.isArray(json.accounts)) return unreadable('LastPass Authenticator');
  const folders = new Map<number, string>();
  for (const folder of Array.isArray(json.folders) ? json.folders : [])
    if (isObject(folder) && typeof folder.id === 'number' && typeof folder.name === 'string')
      folders.set(folder.id, folder.name);
  return success(
    'lastpass',
    'LastPass Authenticator',
    json.accounts.map((account) => lastPassRow(account, folders)),
  );
}
