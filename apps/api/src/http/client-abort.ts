import type { FastifyRequest } from 'fastify';

/*
 * A client that closes its connection before its request body has arrived (a phone going out of
 * coverage during an upload, a cancelled import, a killed script) makes Node end the request
 * stream with `Error: aborted` (code ECONNRESET, no `syscall`), and the body parsers report that
 * error or one of their own. It is no fault of the server and says nothing about the database:
 * logged at info as an aborted request, and nobody is left to read an answer.
 */

/** Errors of a body read cut short, as Node's request stream and the body parsers report them. */
const BODY_READ_CODES = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
  'FST_MP_PREMATURE_CLOSE',
]);

const BODY_READ_MESSAGES = [
  'aborted',
  'Premature close',
  'Unexpected end of form',
  'Unexpected end of multipart data',
];

/** True when Node's request stream itself was aborted: its error has no system call behind it. */
export function isRequestStreamAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    error.message === 'aborted' &&
    (error as { code?: unknown }).code === 'ECONNRESET' &&
    !('syscall' in error)
  );
}

/**
 * True when the request failed because its client went away while sending the body: the request
 * stream was aborted (not ended) and the error is one of a cut-short body read. A database error
 * (which has a system call or a SQL state, and only comes once the body was read) never matches.
 */
export function isClientAbort(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error)) return false;
  if (isRequestStreamAbort(error)) return true;
  const raw = request.raw;
  const gone = raw.aborted || raw.readableAborted;
  if (!gone || 'syscall' in error) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && BODY_READ_CODES.has(code)) return true;
  return BODY_READ_MESSAGES.some((text) => error.message.includes(text));
}
