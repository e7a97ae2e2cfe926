import type { FastifyReply, FastifyRequest } from 'fastify';
import { errors } from './errors.js';

/**
 * Fastify's `frameworkErrors` hook: a URL whose escapes do not decode (`/%zz`, `/storage/icons/%ff`)
 * or with a path parameter over the router's length limit names no resource. It gets the 2FAuth
 * `not found` envelope (`unknowkn endpoint` under /api/), never Fastify's default body, which
 * repeats the path.
 */
export function frameworkErrorHandler(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  const code = (error as { code?: unknown }).code;
  if (code !== 'FST_ERR_BAD_URL' && code !== 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(500).send({ message: 'Server Error' });
    return;
  }
  const api = request.raw.url?.startsWith('/api/') ?? false;
  const notFound = api ? errors.unknownEndpoint() : errors.notFound();
  void reply.code(notFound.statusCode).send({ message: notFound.message });
}
