import { TwofoldApiError } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError, ExitCode } from '../exit.js';
import { readPassword, writePrivateFile } from '../io.js';
import { givenPassword, type PasswordSource } from '../password.js';

export const EXPORT_FORMATS = ['json', 'otpauth', 'aegis'] as const;
export type CliExportFormat = (typeof EXPORT_FORMATS)[number];

/** A server from before the Aegis export answers 422 on `format` (GET) or 404/405 (POST). */
function lacksFormat(error: unknown): boolean {
  return (
    error instanceof TwofoldApiError &&
    (error.status === 404 || error.status === 405 || (error.status === 422 && 'format' in error.errors))
  );
}

async function exportPassword(source: PasswordSource): Promise<string> {
  const given = await givenPassword(source);
  if (given !== undefined) return given;
  if (!process.stdin.isTTY)
    throw new CliError('--encrypt needs a password: type it, or use --password-stdin or --password-file.');
  const password = await readPassword('Password for the encrypted vault: ');
  if (!password) throw new CliError('Nothing was entered.', ExitCode.usage);
  if ((await readPassword('Same password again: ')) !== password) throw new CliError('The passwords differ.');
  return password;
}

async function exportText(
  ctx: Context,
  format: CliExportFormat,
  options: { encrypt?: boolean } & PasswordSource,
): Promise<string> {
  if (format === 'otpauth') return ctx.twofold.accounts.exportText();
  if (format === 'json')
    return `${JSON.stringify(await ctx.twofold.accounts.export({ format: '2fauth' }), null, 2)}\n`;
  const vault = options.encrypt
    ? await ctx.twofold.accounts.exportEncrypted({ password: await exportPassword(options) })
    : await ctx.twofold.accounts.export({ format: 'aegis' });
  return `${JSON.stringify(vault, null, 2)}\n`;
}

/** Writes an export (it holds every secret: only when asked, and 0600 when written to a file). */
export async function exportAccounts(
  ctx: Context,
  options: { format: CliExportFormat; encrypt?: boolean; output?: string } & PasswordSource,
): Promise<void> {
  if (options.encrypt && options.format !== 'aegis') {
    throw new CliError('--encrypt works with --format aegis only.', ExitCode.usage);
  }
  let text: string;
  try {
    text = await exportText(ctx, options.format, options);
  } catch (error) {
    if (options.format === 'aegis' && lacksFormat(error)) {
      throw new CliError(
        `This server does not offer the ${options.encrypt ? 'encrypted ' : ''}Aegis export.`,
      );
    }
    throw error;
  }
  if (options.output) {
    writePrivateFile(options.output, text);
    process.stderr.write(`Exported to ${options.output}\n`);
  } else {
    process.stdout.write(text);
  }
}
