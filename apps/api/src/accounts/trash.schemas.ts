import { Type } from 'typebox';
import { Nullable, Timestamp } from '../http/common.schemas.js';

/** An account in the trash: what the trash screen shows (never the secret). */
export const TrashedAccount = Type.Object(
  {
    id: Type.Integer(),
    group_id: Nullable(Type.Integer()),
    otp_type: Type.String(),
    account: Type.String(),
    service: Nullable(Type.String()),
    icon: Nullable(Type.String()),
    trashed_at: Timestamp,
    purge_at: { ...Timestamp, description: 'When the daily purge deletes it (the current retention)' },
  },
  { title: 'TrashedAccount', description: 'A deleted account kept in the trash' },
);

export const TrashChange = Type.Object({
  ids: Type.Array(Type.Integer(), { description: 'The accounts restored or deleted' }),
});

/** `POST /twofaccounts/duplicates`: the type and secret of an account about to be created. */
export const DuplicateQuery = Type.Object({
  otp_type: Type.String({ maxLength: 32 }),
  secret: Type.String({ minLength: 1, maxLength: 1024 }),
});

export const DuplicateMatches = Type.Array(
  Type.Object({ id: Type.Integer(), service: Nullable(Type.String()), account: Type.String() }),
  { description: 'Stored accounts with the same type and secret (never the secret itself)' },
);
