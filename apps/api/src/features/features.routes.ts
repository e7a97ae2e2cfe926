import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';

/** Fixed feature flags: what 2FAuth v8 clients probe. */
const features = [
  { name: 'iconPack', state: 'disabled' },
  { name: 'sharing', state: 'disabled' },
  { name: 'allUsersSharingScope', state: 'disabled' },
  { name: 'showNextOtp', state: 'enabled' },
  { name: 'groupChips', state: 'disabled' },
] as const;

const Feature = Type.Object(
  { name: Type.String(), state: Type.Union([Type.Literal('enabled'), Type.Literal('disabled')]) },
  { description: 'A feature flag' },
);

export const featuresRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/features',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags: ['features'],
        operationId: 'listFeatures',
        summary: 'The fixed feature flags',
        response: { 200: Type.Array(Feature) },
      },
    },
    async () => [...features],
  );

  app.get(
    '/api/v1/features/:name',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags: ['features'],
        operationId: 'getFeature',
        summary: 'One feature flag',
        params: Type.Object({ name: Type.String() }),
        response: { 200: Feature },
      },
    },
    async (request) => {
      const feature = features.find((item) => item.name === request.params.name);
      if (!feature) throw errors.notFound();
      return feature;
    },
  );
};
