#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { Argument, Command, CommanderError, Option } from 'commander';
import { SDK_VERSION, type TokenScope } from '@twofold/contract';
import { addAccount } from './commands/add.js';
import { backupNow, downloadBackup, listBackups } from './commands/backup.js';
import { LIST_SORTS, listAccounts, printCode, type ListSort } from './commands/accounts.js';
import { EXPORT_FORMATS, exportAccounts, type CliExportFormat } from './commands/export.js';
import { importFile } from './commands/import.js';
import { login, TOKEN_SCOPES } from './commands/login.js';
import { verify } from './commands/verify.js';
import { printStatus, warnAboutServer } from './commands/status.js';
import { COMPLETION_KINDS, completionScript, SHELLS, type CompletionKind } from './completion.js';
import { printNames } from './commands/complete.js';
import { connect } from './connect.js';
import { ExitCode, toCliError } from './exit.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Runs a command with the stored login; every failure becomes a message and an exit code. */
function withServer<A extends unknown[]>(
  run: (ctx: ReturnType<typeof connect>, ...args: A) => Promise<void>,
) {
  return async (...args: A) => {
    const ctx = connect();
    try {
      await run(ctx, ...args);
    } catch (error) {
      throw toCliError(error, ctx.url);
    }
  };
}

function program(): Command {
  const cli = new Command('twofold')
    .description(
      'Twofold from the command line: list accounts, print codes, add, import, export and back up.',
    )
    .version(`${version} (SDK ${SDK_VERSION})`)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  cli
    .command('login <url>')
    .description(
      'store the server URL and a personal access token (asked without echo, or read from stdin; or, with --device, approved in the web app)',
    )
    .option(
      '--device',
      'no token to paste: print a web page and a code, wait until you approve them in the web app (signed in), then store the token it gives (scope codes unless --scope read)',
    )
    .addOption(
      new Option(
        '--scope <scope>',
        'refuse a token whose scope differs: codes (codes only, no secrets), read (every read, secrets included) or full; with --device, the scope to ask for (codes or read)',
      ).choices(TOKEN_SCOPES),
    )
    .action((url: string, options: { scope?: TokenScope; device?: boolean }) => login(url, options));
  accountCommands(cli);
  backupCommands(cli);
  cli
    .command('verify <url>')
    .description(
      'check that a server sends the web app as built: every file of its asset manifest (/.well-known/twofold-assets.json) fetched plain, brotli and gzip and compared by SHA-256; exit 1 on any difference (no login needed)',
    )
    .option(
      '--manifest <file>',
      "compare with this manifest (your own build's dist/.well-known/twofold-assets.json) instead of the server's",
    )
    .option('--json', 'JSON output for scripts')
    .action((url: string, options: { json?: boolean; manifest?: string }) => verify(url, options));
  completionCommands(cli);
  return cli;
}

/** Listing, reading codes, the server's status, adding, importing and exporting accounts. */
function accountCommands(cli: Command): void {
  cli
    .command('ls')
    .description('list the accounts')
    .option('-g, --group <name>', 'only the accounts of this group')
    .option('--json', 'JSON output for scripts')
    .addOption(
      new Option(
        '-s, --sort <order>',
        'recent: last read first; used: most read first (over the usageDays window; favourites first); name: A to Z',
      ).choices(LIST_SORTS),
    )
    .action(
      withServer((ctx, options: { group?: string; json?: boolean; sort?: ListSort }) =>
        listAccounts(ctx, options),
      ),
    );
  cli
    .command('code <search>')
    .description(
      'print the current code of the one account matching <search> (id, service or account; among several matches, an exact name wins, else the one favourite)',
    )
    .option('-c, --copy', 'copy the code to the clipboard instead of printing it')
    .option('-n, --next', 'also print the next code')
    .option('--json', 'JSON output for scripts (the account, its code and when it was generated)')
    .action(
      withServer(async (ctx, search: string, options: { copy?: boolean; next?: boolean; json?: boolean }) => {
        await warnAboutServer(ctx);
        await printCode(ctx, search, options);
      }),
    );
  cli
    .command('status')
    .description(
      "the server's clock (checked against its devices' clocks) and its data disk; warnings on stderr",
    )
    .option('--json', 'JSON output for scripts')
    .action(withServer((ctx, options: { json?: boolean }) => printStatus(ctx, options)));
  cli
    .command('add <uri-or-image>')
    .description('add an account from an otpauth:// URI or a QR code image file')
    .option('--force', 'add it even when the same account is already stored')
    .option('--json', 'JSON output for scripts (the account added, or the import report)')
    .action(
      withServer((ctx, input: string, options: { force?: boolean; json?: boolean }) =>
        addAccount(ctx, input, options),
      ),
    );
  cli
    .command('import <file>')
    .description(
      'import the accounts of an export file (2FAuth, Aegis, 2FAS, Google Authenticator, otpauth list...)',
    )
    .option('--password-stdin', 'read the password of an encrypted file from one line of standard input')
    .option('--password-file <file>', "read the password of an encrypted file from a file's first line")
    .option('--include-duplicates', 'also import accounts that are already stored')
    .option('--json', 'JSON output for scripts: accounts imported, invalid rows and why, already stored')
    .action(
      withServer(
        (
          ctx,
          file: string,
          options: {
            passwordStdin?: boolean;
            passwordFile?: string;
            includeDuplicates?: boolean;
            json?: boolean;
          },
        ) => importFile(ctx, file, options),
      ),
    );
  cli
    .command('export')
    .description(
      'print every account with its secret (json: 2FAuth, otpauth: one URI per line, aegis: Aegis vault)',
    )
    .addOption(new Option('-f, --format <format>', 'export format').choices(EXPORT_FORMATS).default('json'))
    .option('--encrypt', 'encrypt the Aegis vault with a password (asked, or --password-stdin)')
    .option('--password-stdin', 'read the encryption password from one line of standard input')
    .option('--password-file <file>', "read the encryption password from a file's first line")
    .option('-o, --output <file>', 'write to this file (mode 0600) instead of standard output')
    .action(
      withServer(
        (
          ctx,
          options: {
            format: CliExportFormat;
            encrypt?: boolean;
            passwordStdin?: boolean;
            passwordFile?: string;
            output?: string;
          },
        ) => exportAccounts(ctx, options),
      ),
    );
}

/** The completion scripts, and the names they ask the server for. */
function completionCommands(cli: Command): void {
  cli
    .command('completion')
    .description('print the shell completion script (bash, zsh or fish)')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action((shell: string) => {
      process.stdout.write(completionScript(cli, shell));
    });
  // The names the completion scripts offer, from the server; silent and quick when it cannot answer.
  cli
    .command('__complete', { hidden: true })
    .addArgument(new Argument('<kind>').choices(COMPLETION_KINDS))
    .action(async (kind: CompletionKind) => {
      const giveUp = setTimeout(() => process.exit(0), 3000);
      try {
        await printNames(connect(), kind);
      } catch {
        // Not logged in, offline, refused: no names, no message in the middle of a command line.
      } finally {
        clearTimeout(giveUp);
      }
    });
}

function backupCommands(cli: Command): void {
  const backup = cli
    .command('backup')
    .description('encrypted backups on the server: back up now (default), list them, download one');
  backup
    .command('now', { isDefault: true })
    .description('back up every account now (needs a backup password set in the web app)')
    .option('--json', 'JSON output for scripts')
    .action(withServer((ctx, options: { json?: boolean }) => backupNow(ctx, options)));
  backup
    .command('ls')
    .description('list the backups, newest first')
    .option('--json', 'JSON output for scripts')
    .action(withServer((ctx, options: { json?: boolean }) => listBackups(ctx, options)));
  backup
    .command('get <name>')
    .description('download one backup (an encrypted Aegis vault)')
    .option('-o, --output <file>', 'write to this file (mode 0600) instead of standard output')
    .action(
      withServer((ctx, name: string, options: { output?: string }) => downloadBackup(ctx, name, options)),
    );
}

async function main(argv: readonly string[]): Promise<number> {
  try {
    await program().parseAsync(argv);
    return ExitCode.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version end with exit code 0; commander has already printed its usage message.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    const failure = toCliError(error);
    process.stderr.write(`twofold: ${failure.message}\n`);
    return failure.exitCode;
  }
}

process.exitCode = await main(process.argv);
