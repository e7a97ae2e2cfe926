import { Type, type Static } from 'typebox';

/*
 * The error envelopes of every route, declared once (the OpenAPI plugin attaches them to every
 * operation). A `reason` is one of three things: a machine-readable code from the closed list
 * below, the messages of a refused body (a list), or messages by field (an object).
 */

/**
 * Every reason code the API sends. A client switches on them: `identity_confirmation_required`
 * asks for the password or a security device again; `password_sign_in_off` says that the password
 * sign-in is turned off; `password_required` (an encrypted import: send the password) and
 * `account_key` (a Bitwarden export that no password opens) come with `X-Import-App`;
 * `This action is unauthorized.` is 2FAuth's own refusal of a group or user action.
 */
export const ERROR_REASON_CODES = [
  'identity_confirmation_required',
  'password_sign_in_off',
  'password_required',
  'account_key',
  'This action is unauthorized.',
] as const;

export type ErrorReasonCode = (typeof ERROR_REASON_CODES)[number];

/** A reason as it goes on the wire. */
export const ErrorReason = Type.Union(
  [
    Type.Unsafe<ErrorReasonCode>({ type: 'string', enum: [...ERROR_REASON_CODES] }),
    Type.Array(Type.String()),
    Type.Record(Type.String(), Type.String()),
  ],
  { description: 'A reason code (closed list), the messages of a refused body, or messages by field' },
);

export const ErrorMessage = Type.Object(
  { message: Type.String(), reason: Type.Optional(ErrorReason) },
  { $id: 'ErrorMessage', description: '2FAuth error envelope' },
);
export type ErrorMessage = Static<typeof ErrorMessage>;

export const ValidationError = Type.Object(
  {
    message: Type.String(),
    errors: Type.Record(Type.String(), Type.Array(Type.String())),
  },
  { $id: 'ValidationError', description: 'Field-level validation errors' },
);
