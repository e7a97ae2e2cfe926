import { Type } from 'typebox';
import { Timestamp } from '../http/common.schemas.js';

/** The scopes a device may ask for: what a code-filling extension needs, or its offline copy. */
export const DeviceScope = Type.Union([Type.Literal('codes'), Type.Literal('read')], {
  title: 'DeviceScope',
  description:
    '`codes`: the accounts without secrets and their codes; `read`: every read, secrets included (an offline copy)',
});

export const StartBody = Type.Object({
  client_name: Type.String({ minLength: 1, maxLength: 64 }),
  scope: DeviceScope,
});

export const DeviceAuthorization = Type.Object(
  {
    device_code: Type.String({ description: 'Secret of the device: it polls with it' }),
    user_code: Type.String({ description: 'Shown to the user as XXXX-XXXX, to compare with the web page' }),
    verification_uri: Type.String({ description: 'The web page where the user approves' }),
    verification_uri_complete: Type.String({ description: 'The same page with the user code filled in' }),
    expires_in: Type.Integer({ description: 'Seconds the codes stay valid' }),
    interval: Type.Integer({ description: 'Seconds to wait between two polls' }),
  },
  { title: 'DeviceAuthorization', description: 'A pairing started by a device' },
);

export const TokenBody = Type.Object({ device_code: Type.String({ minLength: 1, maxLength: 128 }) });

export const DeviceToken = Type.Object(
  {
    access_token: Type.String({ description: 'The personal access token, given once' }),
    token_type: Type.Literal('Bearer'),
    scope: DeviceScope,
    token_name: Type.String({ description: 'The name the token is listed under in Settings' }),
  },
  { title: 'DeviceToken', description: 'The token of an approved pairing' },
);

export const DEVICE_TOKEN_ERRORS = [
  'authorization_pending',
  'slow_down',
  'access_denied',
  'expired_token',
] as const;
export type DeviceTokenError = (typeof DEVICE_TOKEN_ERRORS)[number];

export const DeviceTokenErrorBody = Type.Object(
  {
    message: Type.String(),
    error: Type.Union(
      [
        Type.Literal('authorization_pending'),
        Type.Literal('slow_down'),
        Type.Literal('access_denied'),
        Type.Literal('expired_token'),
      ],
      {
        description:
          '`authorization_pending`: not approved yet, poll again; `slow_down`: polled before `interval` seconds; `access_denied`: the user refused; `expired_token`: unknown, expired or already collected',
      },
    ),
  },
  { title: 'DeviceTokenError', description: 'Why the token is not given (yet)' },
);

export const UserCodeParams = Type.Object({
  user_code: Type.String({ minLength: 1, maxLength: 16 }),
});

export const PendingAuthorization = Type.Object(
  {
    client_name: Type.String(),
    scope: DeviceScope,
    created_at: Timestamp,
    expires_at: Timestamp,
  },
  { title: 'PendingAuthorization', description: 'A pairing waiting for the user' },
);

export const ApproveBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
