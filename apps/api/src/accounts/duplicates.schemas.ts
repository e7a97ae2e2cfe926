import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

/** `POST /twofaccounts/duplicates`: the type and secret of an account about to be created. */
export const DuplicateQuery = Type.Object({
  otp_type: Type.String({ maxLength: 32 }),
  secret: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const DuplicateMatches = Type.Array(
  Type.Object({ id: Type.Integer(), service: Nullable(Type.String()), account: Type.String() }),
  { description: 'Stored accounts with the same type and secret (never the secret itself)' },
);
