import pino from 'pino';

/*
 * What the server makes of the database drivers' errors (node-postgres and PGlite).
 *
 * - Connection failures (server restarting, stopped, unreachable, admin termination) are
 *   temporary: the API answers 503 and the pool reconnects on the next query.
 * - Driver errors never reach a log line whole: PGlite attaches the failed query's SQL and its
 *   parameter values to the error (`query`, `params`), and PostgreSQL's `detail` and some messages
 *   quote the offending values (`Key (name)=(…) already exists`, `invalid input syntax: "…"`).
 *   Those values can be OTP secrets, otpauth URIs or e-mail addresses, so a database error is
 *   logged by its SQL state, constraint, table and column only.
 */

interface DriverErrorFields {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  severity?: unknown;
  routine?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** A PostgreSQL error reported by the server (node-postgres or PGlite): it has a SQL state. */
export function isDatabaseError(error: unknown): error is Error & DriverErrorFields & { code: string } {
  return (
    error instanceof Error &&
    typeof (error as DriverErrorFields).code === 'string' &&
    SQLSTATE.test((error as DriverErrorFields).code as string) &&
    ('severity' in error || 'routine' in error || 'params' in error || 'query' in error)
  );
}

/** SQL states of a lost or refused connection: class 08, and operator intervention 57P01–57P05. */
function isConnectionSqlState(code: string): boolean {
  return code.startsWith('08') || /^57P0[1-5]$/.test(code) || code === '53300';
}

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a dropped socket with plain Errors carrying these messages. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection terminated',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection ended unexpectedly',
  'Cannot use a pool after calling end on the pool',
  'the database system is starting up',
  'the database system is shutting down',
];

/**
 * Node's HTTP server ends a request whose client hung up mid-body with `Error: aborted`, code
 * ECONNRESET like a dropped database socket, but without the `syscall` that every socket error of
 * node-postgres carries (PGlite has no socket): that is the client's connection, not the database's.
 */
function isHttpClientAbort(error: Error): boolean {
  return error.message === 'aborted' && !('syscall' in error);
}

/** True when the error (or one of its causes) means the database cannot be reached right now. */
export function isConnectionError(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as DriverErrorFields).code;
  if (typeof code === 'string') {
    if (CONNECTION_ERRNOS.has(code)) return !isHttpClientAbort(error);
    if (SQLSTATE.test(code) && isConnectionSqlState(code)) return true;
  }
  if (CONNECTION_MESSAGES.some((text) => error.message.includes(text))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isConnectionError(inner, depth + 1))) {
    return true;
  }
  return isConnectionError(error.cause, depth + 1);
}

/** The constraint a unique violation (23505) broke, or undefined for any other error. */
export function uniqueViolation(error: unknown): string | undefined {
  if (!isDatabaseError(error) || error.code !== '23505') return undefined;
  return typeof error.constraint === 'string' ? error.constraint : '';
}

/** The shape of a logged error (what pino's own serializer returns). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function databaseErrorForLog(error: Error & DriverErrorFields): LoggedError {
  const fields: LoggedError = {
    type: 'DatabaseError',
    message: `SQL state ${String(error.code)}`,
    stack: '',
  };
  fields.sqlState = error.code;
  for (const key of ['constraint', 'table', 'column', 'severity', 'routine'] as const) {
    if (typeof error[key] === 'string' && error[key] !== '') fields[key] = error[key];
  }
  return fields;
}

/**
 * The `err` serializer of every logger of the app: database errors become their SQL state and
 * constraint only; other errors keep pino's usual shape, their causes serialized the same way.
 */
export function serializeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  if (isDatabaseError(error)) return databaseErrorForLog(error);
  if ('params' in error || 'query' in error) {
    // A driver error without a SQL state (e.g. a PGlite protocol error): its message only.
    return { type: error.name, message: error.message, stack: '' };
  }
  const serialized = pino.stdSerializers.err(error) as unknown as LoggedError;
  if (error.cause !== undefined && depth < 5) serialized.cause = serializeErrorForLog(error.cause, depth + 1);
  return serialized;
}
