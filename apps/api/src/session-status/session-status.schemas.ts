import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';
import { User } from '../users/users.schemas.js';

export const SessionStatus = Type.Object(
  {
    user: Nullable(User),
    security_device: Type.Boolean({
      description: 'Whether a security device is registered (also told by the WebAuthn sign-in options)',
    }),
  },
  {
    title: 'SessionStatus',
    description: 'Who is signed in (null: nobody), and whether device sign-in can work',
  },
);
