import { readFileSync } from 'node:fs';
import { newIdempotencyKey, unwrap, type Account } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError } from '../exit.js';
import { reportImport } from './import.js';

const OTPAUTH = /^otpauth:\/\/(totp|hotp)\//i;
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

/** Adds an account from an otpauth URI, or every account of a QR code image (Google batches too). */
export async function addAccount(ctx: Context, input: string): Promise<void> {
  const text = OTPAUTH.test(input) || MIGRATION.test(input) ? input : (await decodeImage(ctx, input)).trim();
  if (OTPAUTH.test(text)) {
    // One key for the account, the same on each try: a retry after a lost answer never adds it twice.
    const keyed = { idempotencyKey: newIdempotencyKey(), tries: 3 };
    const account = await ctx.twofold.accounts.create({ uri: text }, { withSecret: false }, keyed);
    process.stdout.write(`Added ${describe(account)}\n`);
    return;
  }
  if (MIGRATION.test(text)) {
    const rows = await unwrap(
      ctx.twofold.client.POST('/api/v1/twofaccounts/import', { body: { uri: text } }),
    );
    reportImport(rows, await ctx.twofold.accounts.importRows(rows, { skipDuplicates: true }));
    return;
  }
  throw new CliError('The QR code holds neither an otpauth:// nor an otpauth-migration:// URI.');
}
