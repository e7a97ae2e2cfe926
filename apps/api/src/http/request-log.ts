import type { FastifyInstance } from 'fastify';

/**
 * The access log: one compact line per request at `info` once the answer is sent, with the route
 * pattern (`/api/v1/twofaccounts/:id`) rather than the raw URL, so that no query value (reset
 * tokens, e-mail addresses) and no id reaches the log, and lines stay short. Fastify's own two
 * lines per request (incoming, completed, each with the whole request) are switched off in app.ts.
 * Failures keep their own detailed line from the error handler.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? '(no route)',
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
}
