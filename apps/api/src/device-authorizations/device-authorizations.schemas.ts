import { Type } from 'typebox';
import { Timestamp } from '../http/common.schemas.js';

/** The scopes a device may ask for: what a code-filling extension needs, or its offline copy. */
export const DeviceScope = Type.Union([Type.Literal('codes'), Type.Literal('read')], {
  title: 'DeviceScope',
  description:
    '`codes`: the accounts without secrets and their codes; `read`: every read, secrets included (an offline copy)',
});

/** A token's id (not secret): 40 lowercase hex characters. */
const TokenId = Type.String({ pattern: '^[0-9a-f]{40}$' });

export const StartBody = Type.Object({
  client_name: Type.String({ minLength: 1, maxLength: 64 }),
  scope: DeviceScope,
  replaces: Type.Optional({
    ...TokenId,
    description:
      'Twofold only: the id of the token this device was given before (`token_id`); once the new token is issued, that one is revoked if it has the same scope (else nothing happens)',
  }),
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
    token_id: Type.Optional({
      ...TokenId,
      description: "Twofold only: the token's id (not secret), for `replaces` when the device pairs again",
    }),
    device_copy_id: Type.Optional(
      Type.String({
        description:
          'Twofold only, `read` scope: the device copy recorded for this token (the device refreshes it; revoking either revokes both)',
      }),
    ),
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
    replaces: Type.Optional(
      Type.Object(
        { name: Type.String(), created_at: Timestamp },
        {
          description:
            "Twofold only: the device's earlier pairing (its token's name and creation) that the approval revokes",
        },
      ),
    ),
  },
  { title: 'PendingAuthorization', description: 'A pairing waiting for the user' },
);

export const ApproveBody = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});
