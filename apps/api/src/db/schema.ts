import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Database types, defined once next to the migrations. `schema.test.ts` compares them with the
 * migrated schema on both databases (through `columnsOf` below), so they cannot drift apart.
 */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns: pg returns strings, PGlite numbers or bigints; always read through Number(). */
type Int8 = ColumnType<string | number | bigint, number | bigint | string, number | bigint | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  webauthn_handle: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  singleton: Generated<boolean>;
}

export interface SessionsTable {
  id: string;
  user_id: number | null;
  csrf_token: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Timestamp;
  last_activity_at: Timestamp;
  expires_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: string;
  name: string;
  token_hash: string;
  revoked: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  last_used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface WebauthnCredentialsTable {
  id: string;
  name: string | null;
  public_key: string;
  counter: Int8;
  transports: ColumnType<string[], string | undefined, string>;
  device_type: Generated<string>;
  backed_up: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuthTokensTable {
  purpose: 'password_reset' | 'webauthn_recovery';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginThrottlesTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
}

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  is_custom: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  show_in_chips: Generated<boolean>;
  position: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TwofaccountsTable {
  id: Generated<number>;
  group_id: number | null;
  otp_type: string;
  service: string | null;
  account: string;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: Int8 | null;
  icon: string | null;
  uri: string | null;
  position: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PendingIconsTable {
  filename: string;
  created_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  personal_access_tokens: PersonalAccessTokensTable;
  webauthn_credentials: WebauthnCredentialsTable;
  auth_tokens: AuthTokensTable;
  login_throttles: LoginThrottlesTable;
  settings: SettingsTable;
  groups: GroupsTable;
  twofaccounts: TwofaccountsTable;
  pending_icons: PendingIconsTable;
}

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

/**
 * Every column of every table, as a value: the compiler insists each table and column of `DB`
 * is listed (and nothing else), and the schema test compares it with the migrated database.
 */
type ColumnsOf<T> = { readonly [Table in keyof T]-?: { readonly [Column in keyof T[Table]]-?: true } };

export const columnsOf: ColumnsOf<DB> = {
  users: {
    id: true,
    name: true,
    email: true,
    password_hash: true,
    webauthn_handle: true,
    created_at: true,
    updated_at: true,
    singleton: true,
  },
  sessions: {
    id: true,
    user_id: true,
    csrf_token: true,
    data: true,
    created_at: true,
    last_activity_at: true,
    expires_at: true,
  },
  personal_access_tokens: {
    id: true,
    name: true,
    token_hash: true,
    revoked: true,
    created_at: true,
    updated_at: true,
    expires_at: true,
    last_used_at: true,
  },
  webauthn_credentials: {
    id: true,
    name: true,
    public_key: true,
    counter: true,
    transports: true,
    device_type: true,
    backed_up: true,
    created_at: true,
    updated_at: true,
  },
  auth_tokens: { purpose: true, token_hash: true, created_at: true, expires_at: true },
  login_throttles: { key: true, failures: true, window_started_at: true },
  settings: { key: true, value: true, is_custom: true, created_at: true, updated_at: true },
  groups: { id: true, name: true, show_in_chips: true, position: true, created_at: true, updated_at: true },
  twofaccounts: {
    id: true,
    group_id: true,
    otp_type: true,
    service: true,
    account: true,
    secret: true,
    digits: true,
    algorithm: true,
    period: true,
    counter: true,
    icon: true,
    uri: true,
    position: true,
    created_at: true,
    updated_at: true,
  },
  pending_icons: { filename: true, created_at: true },
};
