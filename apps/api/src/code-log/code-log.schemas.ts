import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

/** A row of 2FAuth's code log: who asked for a code of the account, when and from where. */
export const OtpLog = Type.Object({
  requester_name: Type.String(),
  requester_email: Nullable(Type.String()),
  owner_name: Type.String(),
  owner_email: Nullable(Type.String()),
  ip_address: Nullable(Type.String()),
  generated_at: Type.String({ description: 'ISO 8601, UTC' }),
  otp_type: Type.String(),
  counter: Type.Optional(Type.Integer({ description: 'HOTP only: the counter the code was computed at' })),
  /** Twofold only, with `withSource=1`: a web session, a personal access token or the proxy. */
  source: Type.Optional(Type.Union([Type.Literal('session'), Type.Literal('token'), Type.Literal('proxy')])),
  /** Twofold only, with `withSource=1`: the token's name when a token asked. */
  token_name: Type.Optional(Nullable(Type.String())),
});
