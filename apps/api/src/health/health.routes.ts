import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isDatabaseUp } from '../db/database.js';
import { AppError } from '../http/errors.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/up',
    {
      schema: {
        tags: ['app'],
        operationId: 'getHealth',
        summary: 'Health check: 200 when the database answers, 503 otherwise',
        response: { 200: Type.Object({ status: Type.Literal('up') }) },
      },
    },
    async () => {
      if (!(await isDatabaseUp(app.deps.db)))
        throw new AppError('service_unavailable', { key: 'error.service_unavailable' });
      return { status: 'up' as const };
    },
  );
};
