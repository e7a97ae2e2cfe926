import type { Insertable, Selectable, Updateable } from 'kysely';
import type * as Generated from './schema.generated.js';

/*
 * Database types. `DB` and the table interfaces are generated from the migrated schema
 * (schema.generated.ts, see schema-codegen.ts); this module gives them the names the code uses.
 */

export type DB = Generated.DB;

export type UsersTable = DB['users'];
export type SessionsTable = DB['sessions'];
export type PersonalAccessTokensTable = DB['personal_access_tokens'];
export type WebauthnCredentialsTable = DB['webauthn_credentials'];
export type AuthTokensTable = DB['auth_tokens'];
export type LoginThrottlesTable = DB['login_throttles'];
export type SettingsTable = DB['settings'];
export type GroupsTable = DB['groups'];
export type TwofaccountsTable = DB['twofaccounts'];
export type PendingIconsTable = DB['pending_icons'];
export type IdempotencyKeysTable = DB['idempotency_keys'];

export type User = Selectable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type PersonalAccessToken = Selectable<PersonalAccessTokensTable>;
export type WebauthnCredential = Selectable<WebauthnCredentialsTable>;
export type Setting = Selectable<SettingsTable>;
export type Group = Selectable<GroupsTable>;
export type NewGroup = Insertable<GroupsTable>;
export type GroupUpdate = Updateable<GroupsTable>;
export type TwoFAccountRow = Selectable<TwofaccountsTable>;
export type NewTwoFAccountRow = Insertable<TwofaccountsTable>;
export type TwoFAccountRowUpdate = Updateable<TwofaccountsTable>;

/** Every table, once: the compiler insists each table of `DB` is listed, and nothing else. */
const TABLES: { readonly [Table in keyof DB]-?: true } = {
  users: true,
  sessions: true,
  personal_access_tokens: true,
  webauthn_credentials: true,
  auth_tokens: true,
  login_throttles: true,
  settings: true,
  groups: true,
  twofaccounts: true,
  pending_icons: true,
  icon_files: true,
  mail_outbox: true,
  backup_settings: true,
  backup_destinations: true,
  idempotency_keys: true,
  alert_kinds: true,
  alert_channels: true,
  alert_push_subscriptions: true,
  alert_seen_devices: true,
  alert_vapid_keys: true,
  account_notes: true,
  recovery_codes: true,
  tags: true,
  account_tags: true,
  device_copies: true,
  auth_log: true,
  otp_log: true,
  code_views: true,
  oidc_identities: true,
  account_tombstones: true,
  account_change_feed: true,
  device_authorizations: true,
  account_websites: true,
};

/** The names of every table (tests and benchmarks empty them all between runs). */
export const tableNames = Object.keys(TABLES) as readonly (keyof DB)[];
