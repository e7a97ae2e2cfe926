import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';

/** `browser` and `platform` are `false` when the user agent does not tell (2FAuth's parser). */
const Detected = Type.Union([Type.String(), Type.Literal(false)]);

/** A row of 2FAuth's authentication log; times in the user's timezone (`Tue, Nov 14, 2023 10:13 PM`). */
export const Authentication = Type.Object({
  id: Type.Integer(),
  ip_address: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  browser: Detected,
  platform: Detected,
  device: Type.String(),
  login_at: Nullable(Type.String()),
  logout_at: Nullable(Type.String()),
  login_successful: Type.Boolean(),
  duration: Nullable(Type.String()),
  login_method: Nullable(Type.String()),
  /** Twofold only, with `withEvent=1`. */
  event: Type.Optional(
    Type.Union([
      Type.Literal('login'),
      Type.Literal('failed'),
      Type.Literal('logout'),
      Type.Literal('lockout'),
    ]),
  ),
  /** Twofold only, with `withEvent=1`: ISO 8601 time of the event. */
  at: Type.Optional(Type.String()),
});

/** `period` (months) and `limit`: whole numbers within bounds (checked by `log-window.ts`, 2FAuth's messages). */
export const LogWindowQuery = Type.Object({
  period: Type.Optional(Type.Unknown({ description: 'The last months only: a whole number from 1 to 1200' })),
  limit: Type.Optional(
    Type.Unknown({
      description: 'The first rows, or the last ones when negative: a whole number from -100000 to 100000',
    }),
  ),
});
