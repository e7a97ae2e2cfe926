import { Type, type Static } from 'typebox';
import { Timestamp } from '../http/common.schemas.js';

export const DeviceCopy = Type.Object(
  {
    id: Type.String({ description: '32 lowercase hex characters' }),
    name: Type.String(),
    user_agent: Type.String(),
    created_at: Timestamp,
    refreshed_at: Timestamp,
  },
  {
    title: 'DeviceCopy',
    description:
      'A device that keeps an encrypted copy of the accounts for offline use (never a key of the copy)',
  },
);

export const NewDeviceCopyBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 255 }),
});
export type NewDeviceCopyBody = Static<typeof NewDeviceCopyBody>;

export const DeviceCopyIdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
