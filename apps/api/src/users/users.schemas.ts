import { Type } from 'typebox';
import { annotate, Nullable, Password } from '../http/common.schemas.js';
import { UserPreferences } from '../settings/settings.schemas.js';

/** Name of the single user. */
const Name = Type.String({ maxLength: 191 });
/** An e-mail address, stored and compared lower-cased. */
const Email = Type.String({ format: 'email', maxLength: 191, ...annotate({ 'x-lowercase': true }) });
/** A new password: at least 8 characters, equal to `password_confirmation`. */
const NewPassword = Type.String({ minLength: 8, ...annotate({ 'x-trim': false, 'x-rules': ['confirmed'] }) });

export const RegisterBody = Type.Object({
  name: Name,
  email: Email,
  password: NewPassword,
  password_confirmation: Type.Optional(Password()),
});

export const LoginBody = Type.Object({
  email: Type.String({ format: 'email', ...annotate({ 'x-lowercase': true }) }),
  password: Password(),
});

export const UpdateProfileBody = Type.Object({
  name: Name,
  email: Email,
  password: Password(),
});

export const ChangePasswordBody = Type.Object({
  currentPassword: Password(),
  password: NewPassword,
  password_confirmation: Type.Optional(Password()),
});

export const DeleteUserBody = Type.Object({ password: Password() });

export const LostPasswordBody = Type.Object({ email: Email });

export const ResetPasswordBody = Type.Object({
  token: Type.String(),
  email: Email,
  password: NewPassword,
  password_confirmation: Type.Optional(Password()),
});

const AppSettings = Type.Object({
  enableSharing: Type.Boolean(),
  enableAllUsersSharingScope: Type.Boolean(),
});

/** Accounts in the list (outside the trash), as 2FAuth's paginating version adds to user answers. */
const TwofaccountCount = Type.Integer({ minimum: 0, description: 'Accounts in the list (trash excluded)' });

export const User = Type.Object(
  {
    id: Nullable(Type.Integer()),
    name: Nullable(Type.String()),
    email: Nullable(Type.String()),
    oauth_provider: Type.Null(),
    authenticated_by_proxy: Type.Boolean(),
    preferences: UserPreferences,
    appSettings: AppSettings,
    is_admin: Type.Boolean(),
    twofaccount_count: TwofaccountCount,
  },
  { description: 'The user; proxy mode: a virtual user with a null id' },
);

export const LoginPayload = Type.Object(
  {
    message: Type.String(),
    id: Type.Integer(),
    name: Type.String(),
    email: Type.String(),
    oauth_provider: Type.Null(),
    preferences: UserPreferences,
    appSettings: AppSettings,
    is_admin: Type.Boolean(),
    twofaccount_count: TwofaccountCount,
  },
  { description: 'Answer of a sign-in or registration' },
);

/** The answer to an identity confirmation (sensitive actions ask for one made in the last minutes). */
export const Confirmed = Type.Object(
  { confirmed_until: Type.String({ format: 'date-time', description: 'When the confirmation lapses' }) },
  { title: 'IdentityConfirmed' },
);
