import type { NativeSettings } from '@twofold/otp';
import type { Executor } from '../db/database.js';
import type { Caller } from '../http/fastify-types.js';
import { readNativeSettings } from '../settings/settings.queries.js';
import { countAccountRows } from '../db/active-accounts.js';

/** What 2FAuth v8 clients expect; there is no sharing here. */
const appSettings = { enableSharing: false, enableAllUsersSharingScope: false } as const;

/** The preferences view of the settings: every native key but useEncryption. */
export async function readPreferences(db: Executor): Promise<Omit<NativeSettings, 'useEncryption'>> {
  const { useEncryption: _hidden, ...preferences } = await readNativeSettings(db);
  return preferences;
}

interface Identity {
  readonly id: number;
  readonly name: string;
  readonly email: string;
}

/** The user resource; the password hash and the WebAuthn handle never leave. */
export async function userResource(db: Executor, user: Identity | null, caller: Caller | null) {
  const [preferences, twofaccount_count] = await Promise.all([readPreferences(db), countAccountRows(db)]);
  if (caller?.kind === 'proxy') {
    return {
      id: null,
      name: caller.name,
      email: caller.email,
      oauth_provider: null,
      authenticated_by_proxy: true,
      preferences,
      appSettings,
      is_admin: true,
      twofaccount_count,
    };
  }
  return {
    id: user?.id ?? null,
    name: user?.name ?? null,
    email: user?.email ?? null,
    oauth_provider: null,
    authenticated_by_proxy: false,
    preferences,
    appSettings,
    is_admin: true,
    twofaccount_count,
  };
}

/** The answer of a sign-in or registration. */
export async function loginPayload(
  db: Executor,
  user: Identity,
  message: 'authenticated' | 'account created',
) {
  return {
    message,
    id: user.id,
    name: user.name,
    email: user.email,
    oauth_provider: null,
    preferences: await readPreferences(db),
    appSettings,
    is_admin: true,
    twofaccount_count: await countAccountRows(db),
  };
}
