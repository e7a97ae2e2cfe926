import { readFileSync } from 'node:fs';
import path from 'node:path';
import { TwofoldApiError, type Account, type ImportRow } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError } from '../exit.js';
import { printJson, readPassword } from '../io.js';
import { givenPassword, type PasswordSource } from '../password.js';

/**
 * One line per skipped row (an invalid row's `secret` holds the reason, not a secret); with
 * `json`, one document: the accounts imported (without secrets), the invalid rows and their
 * reasons, and how many were already stored.
 */
export function reportImport(
  rows: readonly ImportRow[],
  created: readonly Account[],
  options: { json?: boolean } = {},
): void {
  const name = (row: ImportRow) => (row.service ? `${row.service}:${row.account}` : row.account);
  const skipped = rows.filter((row) => row.id !== -2).length - created.length;
  if (options.json) {
    printJson({
      imported: created.map(({ id, service, account, otp_type }) => ({ id, service, account, otp_type })),
      invalid: rows
        .filter((row) => row.id === -2)
        .map((row) => ({ service: row.service, account: row.account, reason: row.secret ?? '' })),
      already_stored: skipped,
    });
    return;
  }
  for (const row of rows) {
    if (row.id === -2) process.stderr.write(`Skipped (invalid): ${name(row)}: ${row.secret ?? ''}\n`);
  }
  if (skipped > 0) process.stderr.write(`Skipped ${skipped} already stored account(s).\n`);
  process.stdout.write(`Imported ${created.length} account(s).\n`);
}

/** The server's answer to an encrypted file without a password, or with a wrong one. */
function passwordProblem(error: unknown): 'required' | 'wrong' | undefined {
  if (!(error instanceof TwofoldApiError)) return undefined;
  if (error.status === 400 && error.reason === 'password_required') return 'required';
  if (error.status === 422 && 'password' in error.errors) return 'wrong';
  return undefined;
}

/** The server's own words ("Wrong password, the Aegis data cannot be decrypted"), said once. */
function wrongPassword(error: TwofoldApiError): CliError {
  const message = error.errors.password?.[0] ?? error.message;
  return new CliError(/wrong password/i.test(message) ? message : `Wrong password: ${message}`);
}

export async function importFile(
  ctx: Context,
  file: string,
  options: { includeDuplicates?: boolean; json?: boolean } & PasswordSource,
): Promise<void> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new CliError(`Cannot read ${file}`);
  }
  const upload = new File([new Uint8Array(bytes)], path.basename(file));
  let password = await givenPassword(options);
  const preview = (secret: string | undefined) =>
    ctx.twofold.accounts.previewImport({
      file: upload,
      withSecret: true,
      ...(secret === undefined ? {} : { password: secret }),
    });
  let rows: ImportRow[];
  try {
    rows = await preview(password);
  } catch (error) {
    const problem = passwordProblem(error);
    if (problem === 'wrong') throw wrongPassword(error as TwofoldApiError);
    if (problem !== 'required') throw error;
    if (password !== undefined || !process.stdin.isTTY) {
      throw new CliError(
        'The file is encrypted: give its password with --password-stdin or --password-file.',
      );
    }
    password = await readPassword(`Password of ${path.basename(file)}: `);
    try {
      rows = await preview(password);
    } catch (retryError) {
      if (passwordProblem(retryError) === 'wrong') {
        throw wrongPassword(retryError as TwofoldApiError);
      }
      throw retryError;
    }
  }
  const created = await ctx.twofold.accounts.importRows(rows, { skipDuplicates: !options.includeDuplicates });
  reportImport(rows, created, options);
}
