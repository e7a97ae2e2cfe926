import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Message } from '../http/common.schemas.js';
import { translate } from '../i18n/translate.js';
import { findUser } from './users.queries.js';
import {
  ChangePasswordBody,
  DeleteUserBody,
  LoginPayload,
  RegisterBody,
  UpdateProfileBody,
  User,
} from './users.schemas.js';
import { userResource } from './users.mapper.js';
import {
  alreadyRegistered,
  changePassword,
  changeProfile,
  deleteAccount,
  register,
} from './users.service.js';
import { Type } from 'typebox';
import { sessionPort } from '../auth/session-port.js';

/** The single user: registration, profile, password, deletion. */
export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/user',
    {
      config: { auth: 'api', scope: 'codes' },
      schema: {
        tags: ['user'],
        operationId: 'getUser',
        summary: 'The user with its preferences (proxy mode: a virtual user with a null id)',
        response: { 200: User },
      },
    },
    async (request) => userResource(app.deps.db, (await findUser(app.deps.db)) ?? null, request.caller),
  );

  app.post(
    '/user',
    {
      config: { auth: 'none', disabledInDemo: true, notInProxyMode: true },
      // Only one user can ever exist: checked before any validation.
      preValidation: async () => {
        if (await findUser(app.deps.db)) throw alreadyRegistered();
      },
      schema: {
        tags: ['user'],
        operationId: 'register',
        summary: 'Registers the single user and signs them in (refused once a user exists)',
        body: RegisterBody,
        response: { 201: LoginPayload },
      },
    },
    async (request, reply) => {
      const payload = await register(app.deps, sessionPort(request, reply), request.body);
      return reply.code(201).send(payload);
    },
  );

  app.put(
    '/user',
    {
      config: { auth: 'session' },
      schema: {
        tags: ['user'],
        operationId: 'updateUser',
        summary: 'Changes the name and e-mail address (current password required)',
        body: UpdateProfileBody,
        response: { 200: User },
      },
    },
    async (request) => changeProfile(app.deps, request.caller, request.body),
  );

  app.patch(
    '/user/password',
    {
      config: { auth: 'session', disabledInDemo: true },
      schema: {
        tags: ['user'],
        operationId: 'changePassword',
        summary: 'Changes the password; every other session ends',
        body: ChangePasswordBody,
        response: { 200: Message },
      },
    },
    async (request, reply) => {
      await changePassword(app.deps, sessionPort(request, reply), request.body);
      return { message: translate(request.locale, 'success.password_changed') };
    },
  );

  app.delete(
    '/user',
    {
      config: { auth: 'session', disabledInDemo: true },
      schema: {
        tags: ['user'],
        operationId: 'deleteUser',
        summary: 'Deletes the user and every account, group, icon, token, device and setting',
        body: DeleteUserBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.deps, sessionPort(request, reply), request.body.password);
      return reply.code(204).send(null);
    },
  );
};
