import { TwofoldApiError, TwofoldNetworkError } from '@twofold/contract';

/** Exit codes a script can rely on (listed in the README). */
export const ExitCode = {
  ok: 0,
  /** Failure: no match, refused input, a server error... (the message says which). */
  failure: 1,
  /** Several accounts match the search. */
  ambiguous: 2,
  /** Not logged in, or the server refused the token. */
  auth: 3,
  /** The server cannot be reached. */
  unreachable: 4,
  /** Stopped by Ctrl-C (128 + SIGINT, as shells report it). */
  interrupted: 130,
  /** Wrong command line (unknown option, missing argument). */
  usage: 64,
} as const;

/** An expected way for a command to stop: a one-line message on stderr and an exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = ExitCode.failure,
  ) {
    super(message);
  }
}

/** Turns any error into the message and exit code the tool ends with. Never prints a stack or a secret. */
export function toCliError(error: unknown, url?: string): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof TwofoldApiError) {
    if (error.status === 401) {
      return new CliError(
        'The server refused the token (Unauthenticated). Run `twofold login <url>` with a valid personal access token.',
        ExitCode.auth,
      );
    }
    return new CliError(`The server refused the request (${error.status}): ${error.describe()}`);
  }
  if (error instanceof TwofoldNetworkError) {
    const where = url ?? new URL(error.url).origin;
    return new CliError(
      error.timedOut
        ? `No answer from the server at ${where} in time.`
        : `Cannot reach the server at ${where}.`,
      ExitCode.unreachable,
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(message);
}
