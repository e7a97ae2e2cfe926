import path from 'node:path';
import type { Config } from '../config/config.js';
import { resolveAppKeys } from '../config/app-key.js';
import { openDatabase } from '../db/database.js';
import { exportMail } from './mail-files.js';

const USAGE = 'usage: server.js mail export <folder>';

/**
 * `mail export <folder>` (the server's entry point with arguments): writes the mail queued in
 * PostgreSQL as .eml files, for an install without MAIL_HOST. Returns the exit status: 0 done,
 * 1 some mail could not be decrypted (it stays queued), 64 wrong command line.
 */
export async function runMailCommand(
  args: readonly string[],
  config: Config,
  print: { readonly out: (line: string) => void; readonly err: (line: string) => void },
): Promise<number> {
  const [command, action, folder, ...rest] = args;
  if (command !== 'mail' || action !== 'export' || !folder || rest.length > 0) {
    print.err(USAGE);
    return 64;
  }
  if (!config.DATABASE_URL) {
    print.err(
      'mail export reads the mail queued in PostgreSQL (DATABASE_URL); with the embedded database, unsent mail is already written as .eml files into DATA_DIR/mail.',
    );
    return 64;
  }
  const target = path.resolve(folder);
  const keys = resolveAppKeys(config);
  const database = await openDatabase({ driver: 'postgres', url: config.DATABASE_URL });
  try {
    const { files, unreadable } = await exportMail({ db: database.db, keys }, target);
    print.out(`${files.length} ${files.length === 1 ? 'mail' : 'mails'} written to ${target}`);
    if (unreadable === 0) return 0;
    print.err(
      `${unreadable} queued ${unreadable === 1 ? 'mail' : 'mails'} could not be decrypted with APP_KEY or APP_PREVIOUS_KEYS and stay queued.`,
    );
    return 1;
  } finally {
    await database.close();
  }
}
