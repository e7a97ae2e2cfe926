import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertChannel,
  AlertKinds,
  AlertKindsBody,
  AlertSettings,
  ChannelBody,
  ChannelTypeParams,
  PushSubscriptionBody,
  TestResult,
  type ChannelType,
} from './alerts.schemas.js';
import {
  alertSettings,
  removeAlertChannel,
  saveAlertChannel,
  setAlertKinds,
  subscribePush,
  testAlertChannel,
  unsubscribePush,
} from './alerts.service.js';

const typeOf = (params: { type: string }) => params.type as ChannelType;

/** Twofold's own routes (2FAuth has none): the alert kinds, channels and Web Push subscriptions. */
export const alertsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The signed-in user's only: a token can neither read nor silence the alerts.
  const config = { auth: 'api', scope: 'session' } as const;
  const tags = ['alerts'];

  app.get(
    '/api/v1/alerts',
    {
      config,
      schema: {
        tags,
        operationId: 'getAlertSettings',
        summary:
          'The alert kinds turned on, the channels (never their token, secret or URL password: shown as ********) and the VAPID key',
        response: { 200: AlertSettings },
      },
    },
    async () => alertSettings(app.deps),
  );

  app.put(
    '/api/v1/alerts/kinds',
    {
      config,
      schema: {
        tags,
        operationId: 'setAlertKinds',
        summary:
          "Turns alert kinds on or off (new_device and failed_sign_in are 2FAuth's two preferences); each change is alerted first (alerts_changed)",
        body: AlertKindsBody,
        response: { 200: AlertKinds },
      },
    },
    async (request) => setAlertKinds(app.deps, request.body),
  );

  app.put(
    '/api/v1/alerts/channels/:type',
    {
      config,
      schema: {
        tags,
        operationId: 'saveAlertChannel',
        summary:
          'Creates or edits a channel, alerted first (alerts_changed); a token or secret left out is kept unless the URL changes; a URL password sent back as ******** keeps the stored one',
        params: ChannelTypeParams,
        body: ChannelBody,
        response: { 200: AlertChannel },
      },
    },
    async (request) => saveAlertChannel(app.deps, typeOf(request.params), request.body),
  );

  app.delete(
    '/api/v1/alerts/channels/:type',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteAlertChannel',
        summary: 'Removes a channel, once its removal was alerted (alerts_changed), through it too',
        params: ChannelTypeParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await removeAlertChannel(app.deps, typeOf(request.params));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v1/alerts/channels/:type/test',
    {
      config,
      schema: {
        tags,
        operationId: 'testAlertChannel',
        summary:
          'Sends a test alert through the channel now (one attempt) and answers whether it was delivered, never why not',
        params: ChannelTypeParams,
        response: { 200: TestResult },
      },
    },
    async (request) => testAlertChannel(app.deps, typeOf(request.params)),
  );

  app.post(
    '/api/v1/alerts/push-subscriptions',
    {
      config,
      schema: {
        tags,
        operationId: 'subscribeAlertPush',
        summary: "Stores an installed app's Web Push subscription (pushManager.subscribe's JSON)",
        body: PushSubscriptionBody,
        response: { 201: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request, reply) => reply.code(201).send(await subscribePush(app.deps, request.body)),
  );

  app.delete(
    '/api/v1/alerts/push-subscriptions',
    {
      config,
      schema: {
        tags,
        operationId: 'unsubscribeAlertPush',
        summary: 'Forgets a Web Push subscription',
        body: Type.Object({ endpoint: Type.String({ maxLength: 2000 }) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await unsubscribePush(app.deps, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
