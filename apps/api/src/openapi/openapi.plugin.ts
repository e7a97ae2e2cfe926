import type { FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { Type } from 'typebox';

/** Error envelopes, declared once as components and attached to every route. */
const ErrorMessage = Type.Object(
  { message: Type.String(), reason: Type.Optional(Type.Unknown()) },
  { $id: 'ErrorMessage', description: '2FAuth error envelope' },
);
const ValidationError = Type.Object(
  {
    message: Type.String(),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  { $id: 'ValidationError', description: 'Field-level validation errors' },
);

const sharedErrors: Record<string, { description: string; $ref: string }> = {
  '400': { description: 'Refused by a business rule', $ref: 'ErrorMessage#' },
  '401': { description: 'Not authenticated', $ref: 'ErrorMessage#' },
  '403': { description: 'Forbidden', $ref: 'ErrorMessage#' },
  '404': { description: 'Not found', $ref: 'ErrorMessage#' },
  '418': { description: 'Session locked after inactivity', $ref: 'ErrorMessage#' },
  '419': { description: 'CSRF token mismatch', $ref: 'ErrorMessage#' },
  '422': { description: 'Validation failed', $ref: 'ValidationError#' },
  '429': { description: 'Too many requests', $ref: 'ErrorMessage#' },
  '500': { description: 'Server error', $ref: 'ErrorMessage#' },
};

export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  app.addSchema(ErrorMessage);
  app.addSchema(ValidationError);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Twofold API',
        version,
        description:
          "Twofold's HTTP API, wire-compatible with 2FAuth's API v1. Authenticate with a personal access token (`Authorization: Bearer`) or, from the web app, the session cookie plus the `X-XSRF-TOKEN` header.",
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' },
          session: { type: 'apiKey', in: 'cookie', name: 'app_session' },
        },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) =>
        typeof json.$id === 'string' ? json.$id : `def-${index}`,
    },
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema;
    if (!schema || schema.hide) return;
    const responses = (schema.response ??= {}) as Record<string, unknown>;
    for (const [status, ref] of Object.entries(sharedErrors)) {
      if (!(status in responses)) responses[status] = { description: ref.description, $ref: ref.$ref };
    }
    const auth = route.config?.auth;
    if (auth === 'api') (schema as Record<string, unknown>).security = [{ bearer: [] }, { session: [] }];
    else if (auth === 'session') (schema as Record<string, unknown>).security = [{ session: [] }];
  });
}
