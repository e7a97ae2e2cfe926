import { Type } from 'typebox';
import { DateTimeInput, Nullable } from '../http/common.schemas.js';

export const NOTE_MAX = 10_000;
export const RECOVERY_CODE_MAX = 255;
export const RECOVERY_CODES_MAX = 200;

export const RecoveryCode = Type.Object(
  {
    id: Type.Integer(),
    code: Type.String(),
    used_at: Type.Unsafe<string | null>({
      type: ['string', 'null'],
      format: 'date-time',
      description: 'When the code was marked used; null while unused',
    }),
  },
  { title: 'RecoveryCode' },
);

/** What the reveal answers: one account's note and recovery codes, in clear. */
export const AccountRecovery = Type.Object(
  {
    note: Type.Unsafe<string | null>({ type: ['string', 'null'] }),
    recovery_codes: Type.Array(RecoveryCode),
  },
  { title: 'AccountRecovery', description: "An account's note and recovery codes (Twofold only)" },
);

/** Counts only: what lists may say of the recovery codes. */
export const RecoverySummary = Type.Object(
  { total: Type.Integer(), unused: Type.Integer() },
  { title: 'RecoveryCodesSummary' },
);

/** Recovery codes as a write gives them, in order. */
export const RecoveryCodesInput = Type.Array(
  Type.Object({
    code: Type.String({ minLength: 1, maxLength: RECOVERY_CODE_MAX }),
    // Absent: a code already stored keeps its date (else unused); a restore gives it.
    used_at: Type.Optional(Nullable(DateTimeInput('When the code was used'))),
  }),
  {
    maxItems: RECOVERY_CODES_MAX,
    description: 'The codes in order; a code already stored keeps its used date unless `used_at` is given',
  },
);

/** Replaces the note and/or the codes; an absent key keeps what is stored. */
export const RecoveryBody = Type.Object({
  note: Type.Optional(Nullable(Type.String({ maxLength: NOTE_MAX }))),
  recovery_codes: Type.Optional(RecoveryCodesInput),
});

export const RecoveryWritten = Type.Object(
  { has_note: Type.Boolean(), recovery_codes: RecoverySummary },
  { title: 'AccountRecoveryWritten' },
);

export const CodeUsedBody = Type.Object({ used: Type.Boolean() });

export const CodeParams = Type.Object({
  id: Type.Integer({ minimum: 1, description: 'Account id' }),
  codeId: Type.Integer({ minimum: 1, description: 'Recovery code id' }),
});
