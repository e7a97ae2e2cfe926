import type { AppName, ImportFailure, ImportFormat, ImportResult, ImportRow } from './types.js';

/*
 * Whole-payload failures and success values, with the exact English messages the API sends.
 */

export const NO_FORMAT_MESSAGE = 'Data do not match any supported format';
export const ENCRYPTED_MESSAGE = 'Unreadable, the data seem encrypted';
export const ACCOUNT_KEY_MESSAGE =
  'This Bitwarden export is encrypted with your account key and cannot be imported; export it again with a password or unencrypted';

const failure = (value: ImportFailure): ImportResult => ({ ok: false, failure: value });

export const noFormat = (): ImportResult => failure({ kind: 'no_format', message: NO_FORMAT_MESSAGE });

export const unreadable = (app: AppName): ImportResult =>
  failure({ kind: 'unreadable', app, message: `Invalid or unreadable ${app} data` });

export const passwordRequired = (
  app: AppName,
  reason: 'password_required' | 'account_key' = 'password_required',
) => failure({ kind: 'password_required', app, reason, message: ENCRYPTED_MESSAGE });

export const wrongPassword = (app: AppName): ImportResult =>
  failure({ kind: 'wrong_password', app, message: `Wrong password, the ${app} data cannot be decrypted` });

export const unsupportedEncryption = (app: AppName, cipher?: string): ImportResult =>
  failure(
    cipher === undefined
      ? { kind: 'unsupported_encryption', app, message: `Unsupported ${app} encryption settings` }
      : {
          kind: 'unsupported_encryption',
          app,
          cipher,
          message: `Unsupported ${app} encryption settings: the ${cipher} cipher cannot be read`,
        },
  );

export const accountKey = (): ImportResult =>
  failure({ kind: 'account_key', app: 'Bitwarden', message: ACCOUNT_KEY_MESSAGE });

export const useExport = (app: AppName): ImportResult =>
  failure({
    kind: 'use_export',
    app,
    message: `This looks like the encrypted database of ${app}, which cannot be read; export your accounts from ${app} to a file and import that file instead`,
  });

export function success(
  format: ImportFormat,
  app: AppName,
  rows: readonly ImportRow[],
  extra: { notices?: readonly string[]; skipped?: number } = {},
): ImportResult {
  return { ok: true, format, app, rows, notices: extra.notices ?? [], skipped: extra.skipped ?? 0 };
}

/** A JSON object (not an array, not null). */
export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Thrown inside a format reader to abort with a typed result; caught by the entry point. */
export class ImportAbort extends Error {
  constructor(readonly result: ImportResult) {
    super('import aborted');
  }
}
