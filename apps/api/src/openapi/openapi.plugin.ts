import type { FastifyContextConfig, FastifyInstance, RouteOptions } from 'fastify';
import swagger from '@fastify/swagger';
import { routeScope, type ScopeRequirement } from '../http/token-scopes.js';
import { ErrorMessage, ValidationError } from '../http/error-envelopes.js';

/** The error envelopes (http/error-envelopes.ts), attached to every route. */
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
  /** Each operation's token scope (`x-twofold-token-scope`), from the routes as they register. */
  const scopes = new Map<string, ScopeRequirement>();
  app.addSchema(ErrorMessage);
  app.addSchema(ValidationError);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Twofold API',
        version,
        license: { name: 'MIT', identifier: 'MIT' },
        description:
          "Twofold's HTTP API, wire-compatible with 2FAuth's API v1. Authenticate with a personal access token (`Authorization: Bearer`) or, from the web app, the session cookie plus the `X-XSRF-TOKEN` header.",
      },
      // Relative to wherever Twofold is served, so one document fits every install.
      servers: [{ url: '/' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Personal access token' },
          session: { type: 'apiKey', in: 'cookie', name: 'app_session' },
        },
      },
    },
    transformObject: (documents) =>
      'openapiObject' in documents
        ? markScopes(
            describeResponses(
              nameResources(
                optionalBodies(typeMultipartFields(documents.openapiObject as Record<string, unknown>)),
              ),
            ),
            scopes,
          )
        : documents.swaggerObject,
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
    (schema as Record<string, unknown>).security = securityOf(route.config?.auth);
    const auth = route.config?.auth;
    const method = (Array.isArray(route.method) ? route.method[0] : route.method) ?? 'GET';
    if (auth === undefined || auth === 'none' || typeof schema.operationId !== 'string') return;
    const scope = routeScope(route.config ?? {}, method);
    scopes.set(schema.operationId, scope);
    const sentence = scopeSentence(scope, route.config ?? {});
    // A GET's HEAD route shares its schema: the sentence goes in once.
    if (schema.description?.endsWith(sentence)) return;
    schema.description = schema.description ? `${schema.description}\n\n${sentence}` : sentence;
  });
}

/** The operation's token requirement in words, for readers of the document. */
function scopeSentence(scope: ScopeRequirement, config: FastifyContextConfig): string {
  const words = (needed: string) =>
    needed === 'session' ? 'a signed-in session' : `\`${needed}\`${needed === 'full' ? '' : ' or wider'}`;
  const raised = [
    ...Object.entries(config.scopeOfQuery ?? {}).map(
      ([flag, needed]) => ` \`${flag}\` needs ${words(needed)}.`,
    ),
    ...Object.entries(config.scopeOfParam ?? {}).flatMap(([param, values]) =>
      Object.entries(values).map(([value, needed]) => ` \`${param}\` = \`${value}\` needs ${words(needed)}.`),
    ),
  ];
  if (scope === 'session') return 'Never with a personal access token: a signed-in session only.';
  return `Personal access tokens: scope ${words(scope)} (403 otherwise).${raised.join('')}`;
}

/** `x-twofold-token-scope` on every operation that tokens may reach: the scope it needs, or `session`. */
function markScopes(document: Node, scopes: ReadonlyMap<string, ScopeRequirement>): Node {
  for (const item of Object.values((document.paths ?? {}) as Node)) {
    for (const operation of Object.values(item as Node)) {
      if (!isNode(operation) || typeof operation.operationId !== 'string') continue;
      const scope = scopes.get(operation.operationId);
      if (scope !== undefined) operation['x-twofold-token-scope'] = scope;
    }
  }
  return document;
}

/** The spec's `security` mirrors the route's runtime guard; a route without one is public. */
function securityOf(auth: unknown): Array<Record<string, string[]>> {
  if (auth === 'api') return [{ bearer: [] }, { session: [] }];
  if (auth === 'session') return [{ session: [] }];
  // `{}` says that a request without credentials is accepted too.
  if (auth === 'optional' || auth === 'probe') return [{}, { bearer: [] }, { session: [] }];
  return [];
}

/**
 * On the wire every multipart field is text or a file. Fields validated as `unknown` at runtime (the
 * parser hands over a file object, or a legacy field is ignored) get `type: string` in the spec
 * (with `format: binary` for files), which is what generators need to build form data.
 */
function typeMultipartFields(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const operation of Object.values(paths).flatMap((item) => Object.values(item))) {
    const content = (operation as { requestBody?: { content?: Record<string, unknown> } })?.requestBody
      ?.content;
    const shared = content?.['multipart/form-data'] as { schema?: { properties?: object } } | undefined;
    if (!content || !shared?.schema) continue;
    // The other content types share this object, and their fields may be any JSON value.
    const form = structuredClone(shared) as { schema: { properties?: object } };
    content['multipart/form-data'] = form;
    for (const field of Object.values(form.schema.properties ?? {}) as Array<Record<string, unknown>>) {
      const typed = 'type' in field || 'anyOf' in field || 'oneOf' in field || '$ref' in field;
      if (!typed) field.type = 'string';
    }
  }
  return document;
}

/**
 * @fastify/swagger marks every declared body as required; a body schema annotated
 * `x-optional-body: true` (a route that also reads its input from the query string) is not.
 */
function optionalBodies(document: Record<string, unknown>): Record<string, unknown> {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const operation of Object.values(paths).flatMap((item) => Object.values(item))) {
    const body = (operation as { requestBody?: { required?: boolean; content?: Record<string, unknown> } })
      ?.requestBody;
    const media = Object.values(body?.content ?? {}) as Array<{ schema?: Record<string, unknown> }>;
    if (!body || !media.some((item) => item.schema?.['x-optional-body'] === true)) continue;
    body.required = false;
    for (const item of media) delete item.schema?.['x-optional-body'];
  }
  return document;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Schemas given a `title` (Account, Group, ImportRow, Otp, Token, Backup, Setting...) become named
 * components, referenced wherever they appear, so that generated clients read
 * `components['schemas']['Account']`. Route schemas stay inline for the validator and serializer;
 * only the document changes. Two different shapes under one title are a mistake, and stop the build.
 */
function nameResources(document: Node): Node {
  const components = (document.components ??= {}) as Node;
  const named = (components.schemas ??= {}) as Node;
  const hoist = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(hoist);
    if (!isNode(value)) return value;
    const walked = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, hoist(item)]));
    const title = walked.title;
    if (typeof title !== 'string' || !/^[A-Z][A-Za-z]+$/.test(title)) return walked;
    const known = named[title];
    if (known !== undefined && JSON.stringify(known) !== JSON.stringify(walked)) {
      throw new Error(`OpenAPI: two different schemas are both titled ${title}`);
    }
    named[title] = walked;
    return { $ref: `#/components/schemas/${title}` };
  };
  document.paths = hoist(document.paths);
  return document;
}

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '204': 'Done, no content' };

/** Success answers described by what they hold, instead of the generator's "Default Response". */
function describeResponses(document: Node): Node {
  for (const item of Object.values((document.paths ?? {}) as Node)) {
    for (const operation of Object.values(item as Node)) {
      if (!isNode(operation) || !isNode(operation.responses)) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!isNode(response) || response.description !== 'Default Response') continue;
        response.description = describeContent(response) ?? STATUS_TEXT[status] ?? 'OK';
      }
    }
  }
  return document;
}

function describeContent(response: Node): string | undefined {
  const content = isNode(response.content) ? Object.values(response.content)[0] : undefined;
  const schema = isNode(content) && isNode(content.schema) ? content.schema : undefined;
  if (!schema) return undefined;
  const refName = (node: unknown) =>
    isNode(node) && typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
  const one = refName(schema);
  if (one) return `The ${one}`;
  const many = schema.type === 'array' ? refName(schema.items) : undefined;
  if (many) return `A list of ${many}`;
  return typeof schema.description === 'string' ? schema.description : undefined;
}
