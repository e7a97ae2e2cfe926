import { readFileSync } from 'node:fs';
import { newIdempotencyKey, unwrap, type Account } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError } from '../exit.js';
import { printJson } from '../io.js';
import { withoutSecret } from './accounts.js';
import { reportImport } from './import.js';

const OTPAUTH = /^otpauth:\/\/(totp|hotp|steam)\//i;
const MIGRATION = /^otpauth-migration:\/\//i;

function describe(account: Account): string {
  return `${account.service ? `${account.service} (${account.account})` : account.account}, id ${account.id}`;
}

/** The text of a QR code image, decoded by the server. */
async function decodeImage(ctx: Context, file: string): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    throw new CliError(`Not an otpauth URI and not a readable file: ${file}`);
  }
  return ctx.twofold.decodeQrCode(new Blob([new Uint8Array(bytes)]));
}

/** `true` when the server already stores this account (its import preview marks duplicates -1). */
async function alreadyStored(ctx: Context, uri: string): Promise<boolean> {
  const rows = await ctx.twofold.accounts.previewImport({ payload: uri });
  return rows.some((row) => row.id === -1);
}

/**
 * Adds an account from an otpauth URI, or every account of a QR code image (Google batches too).
 * An account already stored is not added twice unless `force`.
 */
export async function addAccount(
  ctx: Context,
  input: string,
  options: { force?: boolean; json?: boolean } = {},
): Promise<void> {
  const text = OTPAUTH.test(input) || MIGRATION.test(input) ? input : (await decodeImage(ctx, input)).trim();
  if (OTPAUTH.test(text)) {
    if (!options.force && (await alreadyStored(ctx, text))) {
      throw new CliError(
        'This account is already stored (same service, account and secret); add it again with --force.',
      );
    }
    // One key for the account, the same on each try: a retry after a lost answer never adds it twice.
    const keyed = { idempotencyKey: newIdempotencyKey(), tries: 3 };
    const account = await ctx.twofold.accounts.create({ uri: text }, { withSecret: false }, keyed);
    if (options.json) printJson(withoutSecret(account));
    else process.stdout.write(`Added ${describe(account)}\n`);
    return;
  }
  if (MIGRATION.test(text)) {
    const rows = await unwrap(
      ctx.twofold.client.POST('/api/v1/twofaccounts/import', { body: { uri: text } }),
    );
    reportImport(
      rows,
      await ctx.twofold.accounts.importRows(rows, { skipDuplicates: !options.force }),
      options,
    );
    return;
  }
  throw new CliError('The QR code holds neither an otpauth:// nor an otpauth-migration:// URI.');
}
