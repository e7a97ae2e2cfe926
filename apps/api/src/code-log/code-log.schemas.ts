import { Type } from 'typebox';
import { Nullable } from '../http/common.schemas.js';
import { MAX_ID } from '../db/ids.js';

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
  /** Twofold only, with `withCount=1`: the codes this row stands for (one requester, one minute). */
  count: Type.Optional(Type.Integer({ minimum: 1 })),
});

const Source = Type.Union([Type.Literal('session'), Type.Literal('token'), Type.Literal('proxy')]);

/** A row of the whole code log (Twofold only): one requester's codes of one account in a minute. */
export const CodeLogEntry = Type.Object({
  twofaccount_id: Type.Integer(),
  deleted: Type.Boolean({ description: 'The account was deleted for good since' }),
  service: Nullable(Type.String({ description: 'The service name when the code was read' })),
  account: Nullable(Type.String({ description: 'The account name when the code was read' })),
  generated_at: Type.String({ description: 'The first code of the row, ISO 8601, UTC' }),
  otp_type: Type.String(),
  counter: Type.Optional(Type.Integer({ description: 'HOTP only: the counter the code was computed at' })),
  source: Source,
  token_name: Nullable(Type.String()),
  ip_address: Nullable(Type.String()),
  count: Type.Integer({ minimum: 1, description: 'Codes read in this row' }),
});

export const RecentCodeLog = Type.Object({
  entries: Type.Array(CodeLogEntry, { description: 'Newest first' }),
  kept: Type.Object({
    days: Type.Integer({ description: 'Days rows are kept (AUTH_LOG_RETENTION_DAYS)' }),
    max_rows: Type.Integer({ description: 'Rows kept at most, the oldest purged first (CODE_LOG_MAX_ROWS)' }),
    merge_seconds: Type.Integer({
      description: "A requester's codes of one account within this window share a row",
    }),
    enabled: Type.Boolean({ description: 'False when the server does not log codes (OTP_LOG=false)' }),
  }),
  memory: Type.Object(
    {
      waiting: Type.Integer({ description: 'Rows waiting in memory for the database' }),
      dropped: Type.Integer({
        description: 'Codes not logged because CODE_LOG_BUFFER_MAX rows were waiting',
      }),
      refused: Type.Integer({ description: 'Rows the database refused on their own, dropped alone' }),
      failed_writes: Type.Integer({ description: 'Writes that failed and kept their rows for the next' }),
    },
    { description: 'Since the server started' },
  ),
});

/** Twofold only: codes the web app computed itself and showed, by account id (never a code). */
export const ViewedCodes = Type.Object({
  ids: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), {
    minItems: 1,
    maxItems: 1000,
    description: 'One id per code shown (an id twice: two codes)',
  }),
});

/** Twofold only: each account read within the window, by account id. */
export const AccountUsageMap = Type.Record(
  Type.String({ pattern: '^[0-9]+$' }),
  Type.Object({
    last_used_at: Type.String({ description: 'The last code read, ISO 8601, UTC' }),
    uses: Type.Integer({ minimum: 1, description: 'Codes read within the window' }),
  }),
);
