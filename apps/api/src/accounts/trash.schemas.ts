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
