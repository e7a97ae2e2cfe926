import type { FastifyRequest } from 'fastify';

/*
 * A multipart body the parser cannot read (no boundary, a boundary the body does not use, a body
 * cut short) is the client's mistake: 400, like malformed JSON. @fastify/multipart reports some of
 * these with codes of its own; its parser (busboy) throws plain Errors, recognised by message,
 * and only for a request that declared a multipart body.
 */

const MULTIPART_CODES = new Set([
  'FST_MP_PREMATURE_CLOSE',
  'FST_PROTO_VIOLATION',
  'FST_INVALID_JSON_FIELD_ERROR',
]);

const PARSER_MESSAGES = [
  'Multipart: Boundary not found',
  'Boundary required',
  'Unexpected end of multipart data',
  'terminated early due to unexpected end of multipart data',
  'Unexpected end of form',
  'Malformed part header',
  'The needle cannot',
];

export function isMalformedMultipart(error: unknown, request: FastifyRequest): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && MULTIPART_CODES.has(code)) return true;
  if (!request.isMultipart()) return false;
  return PARSER_MESSAGES.some((text) => error.message.includes(text));
}
