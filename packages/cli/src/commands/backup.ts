import { TwofoldApiError, type Backup } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError } from '../exit.js';
import { table } from './accounts.js';
import { printJson, writePrivateFile } from '../io.js';

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function describe(backup: Backup): string {
  return `${backup.name} (${backup.accounts} account(s), ${size(backup.size)})`;
}

/** Backs up now. Without a backup password on the server, says where to set one (exit 1). */
export async function backupNow(ctx: Context, options: { json?: boolean } = {}): Promise<void> {
  try {
    const backup = await ctx.twofold.backups.create();
    if (options.json) printJson(backup);
    else process.stdout.write(`Backed up to ${describe(backup)}.\n`);
  } catch (error) {
    if (error instanceof TwofoldApiError && error.status === 409) {
      // The server's message says where to set one (Settings → Backups); say it once.
      const message = error.describe();
      throw new CliError(
        /settings/i.test(message) ? message : `${message} Set one in the web app: Settings, Backups.`,
      );
    }
    throw error;
  }
}

export async function listBackups(ctx: Context, options: { json?: boolean }): Promise<void> {
  const backups = await ctx.twofold.backups.list();
  if (options.json) {
    process.stdout.write(`${JSON.stringify(backups, null, 2)}\n`);
    return;
  }
  if (backups.length === 0) {
    process.stderr.write('No backups yet.\n');
    return;
  }
  const rows = backups.map((b) => [b.name, b.created_at, String(b.accounts), size(b.size)]);
  process.stdout.write(`${table([['NAME', 'CREATED', 'ACCOUNTS', 'SIZE'], ...rows])}\n`);
}

/** Downloads one backup: it is encrypted, yet written 0600 like every file holding account data. */
export async function downloadBackup(
  ctx: Context,
  name: string,
  options: { output?: string },
): Promise<void> {
  let text: string;
  try {
    text = await ctx.twofold.backups.download(name);
  } catch (error) {
    if (error instanceof TwofoldApiError && error.status === 404) {
      throw new CliError(`No backup named "${name}" (see \`twofold backup ls\`).`);
    }
    throw error;
  }
  if (options.output) {
    writePrivateFile(options.output, text);
    process.stderr.write(`Saved ${name} to ${options.output}\n`);
  } else {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}
