import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { describeEachDatabase } from '../test/harness.js';
import { ERROR_REASON_CODES, type ErrorReasonCode } from './error-envelopes.js';
import { AppError } from './errors.js';

/*
 * An answer's `reason` is a code of the closed list (http/error-envelopes.ts) or messages. The
 * type of AppError admits nothing else; at run time every error answer goes through the shared
 * envelope's serializer, which refuses a code outside the list. These tests pin both, and that
 * no route declares a `reason` of its own in openapi.yaml.
 */

/** A route that refuses with whatever reason it is given (bypassing the type, as a mistake would). */
const reasonRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/reason-probe',
    {
      schema: {
        tags: ['Probe'],
        operationId: 'reasonProbe',
        summary: 'Refuses with the reason it is sent',
        body: Type.Object({ reason: Type.Unknown() }),
      },
    },
    async (request) => {
      throw new AppError('forbidden', 'refused', { reason: request.body.reason as ErrorReasonCode });
    },
  );
};

describeEachDatabase(
  'error reasons',
  (t) => {
    const refuse = (reason: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/reason-probe', payload: { reason } });

    it('sends every code of the closed list as it is', async () => {
      for (const code of ERROR_REASON_CODES) {
        const response = await refuse(code);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'refused', reason: code });
      }
    });

    it('sends messages as a list or by field', async () => {
      expect((await refuse(['one', 'two'])).json()).toEqual({ message: 'refused', reason: ['one', 'two'] });
      expect((await refuse({ uri: 'a message' })).json()).toEqual({
        message: 'refused',
        reason: { uri: 'a message' },
      });
    });

    it('never sends a code outside the list: the envelope goes without it', async () => {
      const response = await refuse('not_a_reason_code');
      expect(response.body).not.toContain('not_a_reason_code');
      expect(response.json()).not.toHaveProperty('reason');
      expect(response.json()).toHaveProperty('message');
    });
  },
  { extraRoutes: [reasonRoutes] },
);

it('no operation of openapi.yaml declares a reason of its own: every error answer uses the shared envelope', async () => {
  const YAML = await import('yaml');
  const file = fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url));
  const document = YAML.parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const owners: string[] = [];
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, `${where}/${index}`));
    else if (node !== null && typeof node === 'object') {
      const properties = (node as { properties?: Record<string, unknown> }).properties;
      if (properties && 'reason' in properties && 'message' in properties) owners.push(where);
      for (const [key, value] of Object.entries(node)) walk(value, `${where}/${key}`);
    }
  };
  walk(document.paths, '');
  expect(owners).toEqual([]);
});
