import type { RouteApp } from '../http/route-app.js';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../http/errors.js';
import { isNativeSettingKey, nativeSettingKeys } from '@twofold/otp';
import { readNativeSettings } from './settings.queries.js';
import {
  NewSettingBody,
  Preference,
  Preferences,
  PreferenceNameParams,
  Setting,
  Settings,
  SettingKeyParams,
  SettingValueBody,
} from './settings.schemas.js';
import {
  createSetting,
  getSetting,
  keyTaken,
  listSettings,
  putNativeSetting,
  putSetting,
} from './settings.service.js';
import { deleteCustomSetting } from './settings.queries.js';

/** Native keys of the 2FAuth preferences view: every native setting but `useEncryption`. */
const isPreferenceKey = (key: string) => key !== 'useEncryption' && isNativeSettingKey(key);

const api = { auth: 'api' } as const;
/** The preferences are read by code-reading clients (`codes` tokens) too. */
const codesApi = { auth: 'api', scope: 'codes' } as const;

export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  settingRoutes(app);
  preferenceRoutes(app);
};

/** Settings: native and custom keys, listed, read, created, edited and deleted. */
function settingRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/settings',
    {
      config: api,
      schema: {
        tags: ['settings'],
        operationId: 'listSettings',
        summary:
          'Every native setting (in their documented order, defaults included), then the user-created ones',
        response: { 200: Settings },
      },
    },
    async () => listSettings(app.deps),
  );

  app.get(
    '/api/v1/settings/:key',
    {
      config: api,
      schema: {
        tags: ['settings'],
        operationId: 'getSetting',
        summary: 'One setting',
        params: SettingKeyParams,
        response: { 200: Setting },
      },
    },
    async (request) => getSetting(app.deps, request.params.key),
  );

  app.post(
    '/api/v1/settings',
    {
      config: api,
      schema: {
        tags: ['settings'],
        operationId: 'createSetting',
        summary: 'Create a user-created setting',
        body: NewSettingBody,
        response: { 201: Setting },
      },
    },
    async (request, reply) => {
      const { key, value } = request.body;
      if (await keyTaken(app.deps, key))
        throw errors.invalidField('key', 'validation.unique', { attribute: 'key' });
      return reply.code(201).send(await createSetting(app.deps, key, value));
    },
  );

  app.put(
    '/api/v1/settings/:key',
    {
      // Encryption at rest and the time check (it decides what raises the clock alert) are the
      // signed-in user's only: no token can change them.
      config: { ...api, scopeOfParam: { key: { useEncryption: 'session', timeCheck: 'session' } } },
      schema: {
        tags: ['settings'],
        operationId: 'updateSetting',
        summary:
          'Change a setting (with its side effects, e.g. encrypting every account); an unknown letter-only key creates a custom one.',
        params: SettingKeyParams,
        body: SettingValueBody,
        response: { 200: Setting },
      },
    },
    async (request) => putSetting(app.deps, request.params.key, request.body.value),
  );

  app.delete(
    '/api/v1/settings/:key',
    {
      config: api,
      schema: {
        tags: ['settings'],
        operationId: 'deleteSetting',
        summary: 'Delete a user-created setting',
        params: SettingKeyParams,
        response: { 204: Type.Null({ description: 'Deleted' }) },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (isNativeSettingKey(key)) throw errors.badRequest([{ key: 'error.only_custom_setting_deletable' }]);
      const deleted = await deleteCustomSetting(app.deps.db, key);
      if (!deleted) throw errors.notFound();
      return reply.code(204).send(null);
    },
  );
}

/** Preferences: the native settings as the user-facing subset. */
function preferenceRoutes(app: RouteApp): void {
  app.get(
    '/api/v1/user/preferences',
    {
      config: codesApi,
      schema: {
        tags: ['preferences'],
        operationId: 'listPreferences',
        summary: 'The native settings as 2FAuth preferences (no useEncryption)',
        response: { 200: Preferences },
      },
    },
    async () => {
      const native = await readNativeSettings(app.deps.db);
      return nativeSettingKeys
        .filter((key) => isPreferenceKey(key))
        .map((key) => ({ key, value: native[key], locked: false }));
    },
  );

  app.get(
    '/api/v1/user/preferences/:name',
    {
      config: codesApi,
      schema: {
        tags: ['preferences'],
        operationId: 'getPreference',
        summary: 'One preference',
        params: PreferenceNameParams,
        response: { 200: Preference },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (!isPreferenceKey(name)) throw errors.notFound();
      const native = await readNativeSettings(app.deps.db);
      return { key: name, value: native[name as keyof typeof native], locked: false };
    },
  );

  app.put(
    '/api/v1/user/preferences/:name',
    {
      config: { ...api, scopeOfParam: { name: { timeCheck: 'session' } } },
      schema: {
        tags: ['preferences'],
        operationId: 'updatePreference',
        summary: 'Change a preference (same rules as the settings route); answers 201',
        params: PreferenceNameParams,
        body: SettingValueBody,
        response: { 201: Setting },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!isPreferenceKey(name) || !isNativeSettingKey(name)) throw errors.notFound();
      const value = await putNativeSetting(app.deps, name, request.body.value);
      return reply.code(201).send({ key: name, value });
    },
  );
}
