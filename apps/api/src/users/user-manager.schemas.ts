import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';
import { User } from './users.schemas.js';

/** 2FAuth's `UserManagerResource`: the user with its account count and relative times. */
export const ManagedUser = Type.Intersect([
  User,
  Type.Object({
    twofaccounts_count: Type.Integer(),
    last_seen_at: Type.String({ description: 'Relative, in the caller’s language (`2 minutes ago`)' }),
    created_at: Type.String({ description: 'Relative, in the caller’s language' }),
  }),
]);

export const ManagedUserShow = Type.Object({
  info: ManagedUser,
  password_reset: Nullable(Type.Union([Type.Literal(0), Type.String()])),
  valid_personal_access_tokens: Type.Integer(),
  webauthn_credentials: Type.Integer(),
});

export const UserIdParams = Type.Object({ id: Type.String() });
