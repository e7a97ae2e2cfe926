import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../http/common.schemas.js';
import { translate } from '../i18n/translate.js';
import { LostPasswordBody, ResetPasswordBody } from './users.schemas.js';
import { resetPassword, sendResetLink } from './password-reset.service.js';
import { sessionPort } from '../auth/session-port.js';

/** Password reset by e-mail. */
export const passwordResetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicRoute = { auth: 'none', disabledInDemo: true, notInProxyMode: true } as const;

  app.post(
    '/user/password/lost',
    {
      config: publicRoute,
      schema: {
        tags: ['user'],
        operationId: 'sendPasswordResetLink',
        summary: 'Mails a single-use password reset link (valid 60 minutes)',
        body: LostPasswordBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await sendResetLink(app.deps, request.body.email, request.log, request.locale);
      return { message: translate(request.locale, 'success.reset_link_sent') };
    },
  );

  app.post(
    '/user/password/reset',
    {
      config: publicRoute,
      schema: {
        tags: ['user'],
        operationId: 'resetPassword',
        summary: 'Sets a new password with the e-mailed token; every session ends, the caller is signed in',
        body: ResetPasswordBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      await resetPassword(app.deps, sessionPort(request, reply), request.body);
      return { message: translate(request.locale, 'success.password_reset') };
    },
  );
};
