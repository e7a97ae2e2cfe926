import { CliError, ExitCode } from './exit.js';
import { readFileLine, readStdinLine } from './io.js';

/** Where a command reads a password from, besides asking for it on a terminal. */
export interface PasswordSource {
  readonly passwordStdin?: boolean;
  readonly passwordFile?: string;
}

/**
 * The password given by `--password-stdin` (one line) or `--password-file` (the file's first
 * line), without its line ending and otherwise exactly as given; `undefined` when neither is used.
 */
export async function givenPassword(source: PasswordSource): Promise<string | undefined> {
  if (source.passwordStdin && source.passwordFile !== undefined) {
    throw new CliError('Use --password-stdin or --password-file, not both.', ExitCode.usage);
  }
  const password = source.passwordStdin
    ? await readStdinLine()
    : source.passwordFile !== undefined
      ? readFileLine(source.passwordFile)
      : undefined;
  if (password === '') {
    throw new CliError(
      source.passwordStdin ? 'No password on standard input.' : `No password in ${source.passwordFile}.`,
    );
  }
  return password;
}
