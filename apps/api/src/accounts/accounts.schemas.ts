import { Type, type TSchema } from 'typebox';
import { annotate, IdList, Nullable, QueryFlag, StringEnum } from '../http/common.schemas.js';
import { registerRule } from '../http/validation.js';
import { attributeName } from '../i18n/translate.js';
import { ALGORITHMS, isValidBase32Secret, MAX_DB_INTEGER, OTP_TYPES } from '@twofold/otp';
import { AccountTagNames } from '../tags/tags.schemas.js';
import { MAX_WEBSITES } from './account-websites.js';
import { NOTE_MAX, RecoveryCodesInput, RecoverySummary } from '../extras/extras.schemas.js';

registerRule('base32', (value, { field }) =>
  typeof value === 'string' && !isValidBase32Secret(value)
    ? { key: 'validation.base32', params: { attribute: attributeName(field) } }
    : undefined,
);
registerRule('db_integer', (value, { field }) =>
  typeof value === 'number' && value > MAX_DB_INTEGER
    ? { key: 'validation.max.numeric', params: { attribute: attributeName(field), max: MAX_DB_INTEGER } }
    : undefined,
);
registerRule('otpauth_uri', (value, { field }) =>
  typeof value === 'string' && !/^otpauth:\/\/(totp|hotp|steam)\//i.test(value)
    ? { key: 'validation.otpauth_uri', params: { attribute: attributeName(field) } }
    : undefined,
);

// ----- Responses: every key, in emitted order -----

export const EmbeddedOtp = Type.Object(
  {
    password: Type.String(),
    generated_at: Type.Integer({ description: 'Unix time (seconds) the code was computed at' }),
    next_password: Type.String(),
  },
  { title: 'EmbeddedOtp', description: 'The current and next code of a TOTP or Steam account' },
);

/*
 * Nullable response fields as a type list (`["integer", "null"]`, OpenAPI 3.1) rather than `anyOf`:
 * the serializer writes them directly instead of testing each branch, which counts for lists of
 * 1,000 accounts. Responses only; request schemas keep `Nullable` (the validator reads its branches).
 */
const NullableInteger = (options: { description?: string } = {}) =>
  Type.Unsafe<number | null>({ type: ['integer', 'null'], ...options });
const NullableString = (options: { description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

/** The fields an account and an import row share, in emitted order. */
const accountFields = {
  group_id: NullableInteger(),
  otp_type: StringEnum(OTP_TYPES),
  account: Type.String(),
  service: NullableString(),
  icon: NullableString({ description: 'File name under /storage/icons/' }),
  secret: Type.Optional(Type.String()),
  digits: Type.Integer(),
  algorithm: StringEnum(ALGORITHMS),
  period: NullableInteger({ description: 'Seconds (TOTP, Steam); null for HOTP' }),
  counter: NullableInteger({ description: 'HOTP counter; null for TOTP and Steam' }),
};

export const TwoFAccount = Type.Object(
  {
    id: Type.Integer(),
    ...accountFields,
    otp: Type.Optional(EmbeddedOtp),
    indecipherable: Type.Optional(
      Type.Boolean({ description: 'Present (true) when a field cannot be decrypted' }),
    ),
    // Twofold's own fields: only with `withExtras`.
    tags: Type.Optional(
      Type.Array(Type.String(), {
        description: 'The tag names, as create and update take them; absent when none (`withExtras` only)',
      }),
    ),
    recovery_codes: Type.Optional(RecoverySummary),
    websites: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'The registrable domains where its codes are asked for (`github.com`); absent when none (`withExtras` only)',
      }),
    ),
    has_note: Type.Optional(
      Type.Boolean({ description: 'true when a note is stored, absent otherwise (`withExtras` only)' }),
    ),
    favorite: Type.Optional(
      Type.Boolean({ description: 'true on a favourite, absent otherwise (only with `withExtras`)' }),
    ),
    favorite_order: Type.Optional(
      NullableInteger({ description: 'Place among the favourites, on a favourite (`withExtras`)' }),
    ),
  },
  { title: 'Account', description: 'A two-factor account' },
);

/** A row of an import preview. An invalid row keeps what the source said, so its enums stay strings. */
export const ImportRow = Type.Object(
  {
    id: Type.Integer({ description: '0 valid, -1 duplicate of a stored account, -2 invalid' }),
    ...accountFields,
    otp_type: Type.String({ description: 'totp, hotp or steamtotp (anything on an invalid row)' }),
    algorithm: Type.String({ description: 'sha1, sha256, sha512 or md5 (anything on an invalid row)' }),
    secret: Type.Optional(
      Type.String({ description: 'The secret when asked (`withSecret`); on an invalid row, the reason' }),
    ),
    group: Type.Optional(NullableString({ description: 'The group proposed by the source' })),
    // Twofold's own fields: only with `withExtras`.
    note: Type.Optional(NullableString({ description: 'The note (`withExtras` and `withSecret`)' })),
    tags: Type.Optional(Type.Array(Type.String(), { description: 'Tag names (`withExtras`)' })),
    websites: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Websites from a Twofold export, normalised; what names no website is left out (`withExtras`)',
      }),
    ),
    recovery_codes: Type.Optional(
      Type.Array(Type.Object({ code: Type.String(), used_at: NullableString() }), {
        description: 'Recovery codes from a Twofold backup (`withExtras` and `withSecret`)',
      }),
    ),
    favorite: Type.Optional(
      Type.Boolean({
        description: 'true when starred in the source, absent otherwise (only with `withExtras`)',
      }),
    ),
  },
  { title: 'ImportRow', description: 'An account read from an export, not stored yet' },
);

export const TwoFAccountPreview = Type.Object(
  {
    otp_type: StringEnum(OTP_TYPES),
    account: Type.String(),
    service: Nullable(Type.String()),
    icon: Nullable(Type.String()),
    secret: Type.String(),
    digits: Type.Integer(),
    algorithm: StringEnum(ALGORITHMS),
    period: Nullable(Type.Integer()),
    counter: Nullable(Type.Integer()),
  },
  { title: 'AccountPreview', description: 'An account parsed from a URI, not stored' },
);

export const Otp = Type.Object(
  {
    password: Type.String(),
    otp_type: StringEnum(OTP_TYPES),
    generated_at: Type.Optional(Type.Integer()),
    period: Type.Optional(Type.Integer()),
    counter: Type.Optional(Type.Integer()),
    next_password: Type.Optional(Type.String()),
    uri: Type.Optional(Type.String()),
  },
  {
    title: 'Otp',
    description: 'A one-time password (TOTP/Steam: with the next one; HOTP: the counter after use)',
  },
);

export const Count = Type.Object({
  count: Type.Integer(),
  owned: Type.Integer(),
  shared: Type.Integer(),
  total: Type.Integer(),
});

export const QrCode = Type.Object({ qrcode: Type.String({ description: 'data:image/svg+xml;base64,…' }) });

// ----- Inputs -----

const OtpTypeField = (options: { nullable: boolean }) =>
  Type.Union(
    [...OTP_TYPES.map((type) => Type.Literal(type)), ...(options.nullable ? [Type.Null()] : [])],
    annotate({ 'x-lowercase': true, 'x-messages': { in: 'validation.otp_type' } }),
  );

const AlgorithmField = Type.Union(
  [Type.Literal('sha1'), Type.Literal('sha256'), Type.Literal('sha512'), Type.Literal('md5'), Type.Null()],
  annotate({ 'x-lowercase': true }),
);

const label = () => Type.String({ maxLength: 255, ...annotate({ 'x-rules': ['no_colon'] }) });
const IconName = () =>
  Type.String({
    maxLength: 255,
    pattern: '^(?!\\.)[^/\\\\]+$',
    description: 'A file name in the icon store',
  });

/** Nullable, and the key must be present (`PUT` of service and icon). */
const PresentNullable = <T extends TSchema>(schema: T) =>
  Type.Union([schema, Type.Null()], annotate({ 'x-present': true }));

const GroupIdField = Nullable(Type.Integer({ minimum: 0 }));
const Digits = Nullable(Type.Integer({ minimum: 5, maximum: 10 }));
const Period = Nullable(Type.Integer({ minimum: 1, ...annotate({ 'x-rules': ['db_integer'] }) }));
const Counter = Nullable(Type.Integer({ minimum: 0 }));
const Secret = Nullable(Type.String(annotate({ 'x-rules': ['base32'] })));

/**
 * Twofold's own fields of a create or update, all optional: without them a create stores none and
 * an update keeps what is stored, so a 2FAuth client that never sends them loses nothing.
 */
const extraInputs = {
  tags: Type.Optional(AccountTagNames),
  websites: Type.Optional(
    Type.Array(Type.String({ maxLength: 2048 }), {
      maxItems: MAX_WEBSITES,
      description:
        'Websites (Twofold only): the account gets exactly these, each stored as its registrable domain (`gist.github.com` -> `github.com`); an IP address or `localhost` is kept as it is',
    }),
  ),
  note: Type.Optional(
    Nullable(
      Type.String({ maxLength: NOTE_MAX, description: 'The note (Twofold only); null or blank removes it' }),
    ),
  ),
  recovery_codes: Type.Optional(RecoveryCodesInput),
  favorite: Type.Optional(Type.Boolean({ description: 'Star or unstar the account (Twofold only)' })),
};

/** Parameters form of `POST /twofaccounts`. */
export const CreateParamsBody = Type.Object({
  service: Type.Optional(Nullable(label())),
  account: label(),
  icon: Type.Optional(Nullable(IconName())),
  group_id: Type.Optional(GroupIdField),
  otp_type: OtpTypeField({ nullable: false }),
  secret: Type.Optional(Secret),
  digits: Type.Optional(Digits),
  algorithm: Type.Optional(AlgorithmField),
  period: Type.Optional(Period),
  counter: Type.Optional(Counter),
  ...extraInputs,
});

/** `PUT /twofaccounts/{id}`: service and icon must be present, secret/digits/algorithm required. */
export const UpdateBody = Type.Object({
  service: Type.Optional(PresentNullable(label())),
  account: label(),
  icon: Type.Optional(PresentNullable(IconName())),
  group_id: Type.Optional(GroupIdField),
  otp_type: OtpTypeField({ nullable: false }),
  secret: Type.String(annotate({ 'x-rules': ['base32'] })),
  digits: Type.Integer({ minimum: 5, maximum: 10 }),
  algorithm: Type.Union(
    [Type.Literal('sha1'), Type.Literal('sha256'), Type.Literal('sha512'), Type.Literal('md5')],
    annotate({ 'x-lowercase': true }),
  ),
  period: Type.Optional(Period),
  counter: Type.Optional(Counter),
  ...extraInputs,
});

/** Parameters form of `POST /twofaccounts/otp`. */
export const OtpParamsBody = Type.Object({
  service: Type.Optional(Nullable(label())),
  account: label(),
  otp_type: OtpTypeField({ nullable: false }),
  secret: Type.String(
    annotate({ 'x-rules': ['base32'], 'x-messages': { required: 'error.otp_without_secret' } }),
  ),
  digits: Type.Optional(Digits),
  algorithm: Type.Optional(AlgorithmField),
  period: Type.Optional(Period),
  counter: Type.Optional(Counter),
});

const CustomOtp = Type.Union([Type.Literal('steamtotp'), Type.Null()], {
  ...annotate({ 'x-lowercase': true }),
  description: 'steamtotp forces a Steam account',
});
const Uri = Type.String(annotate({ 'x-rules': ['otpauth_uri'] }));

/** URI form of `POST /twofaccounts` (the key `uri` selects it). */
export const CreateUriBody = Type.Object({
  uri: Uri,
  custom_otp: Type.Optional(CustomOtp),
  group_id: Type.Optional(GroupIdField),
  ...extraInputs,
});

/** `POST /twofaccounts/preview` and the URI form of `POST /twofaccounts/otp`. */
export const UriBody = Type.Object({ uri: Uri, custom_otp: Type.Optional(CustomOtp) });

export const CreateBody = Type.Union([CreateUriBody, CreateParamsBody], {
  description: 'URI form (when the key `uri` is present) or parameters form',
});
export const OtpBody = Type.Union([UriBody, OtpParamsBody], {
  description: 'URI form (uri alone, or with custom_otp) or parameters form',
});

/** `Idempotency-Key` of a creation: 1 to 255 printable ASCII characters (see idempotency.ts). */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description:
        'A retry with the same key (same user, within 24 hours) answers the first creation again (201, same account) instead of storing another; the same key with another body is a 422 on `idempotency-key`',
      // An empty key is refused, never read as "no key".
      ...annotate({ 'x-trim': false, 'x-empty': 'required' }),
    }),
  ),
});

export const ListQuery = Type.Object({
  ids: Type.Optional(IdList),
  withSecret: Type.Optional(QueryFlag),
  withOtp: Type.Optional(QueryFlag),
  withExtras: Type.Optional(QueryFlag),
});

export const ReadQuery = Type.Object({
  withSecret: Type.Optional(QueryFlag),
  withOtp: Type.Optional(QueryFlag),
  withExtras: Type.Optional(QueryFlag),
});

/** `PUT /twofaccounts/{id}/favorite` (Twofold's own). */
export const FavoriteBody = Type.Object({
  favorite: Type.Boolean(),
  favorite_order: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }))),
});

export const RequiredIdsQuery = Type.Object({ ids: IdList });
