import type { Message, MessageKey, MessageParams } from '../i18n/translate.js';
import type { ErrorReasonCode } from './error-envelopes.js';

/**
 * The one error type of the API. Each code has one HTTP status; the error handler renders the
 * 2FAuth envelope ({message}, {message, reason} or {message, errors}) in the caller's language.
 */
export const statusOf = {
  bad_request: 400,
  business: 400,
  proxy_not_applicable: 400,
  unauthenticated: 401,
  unauthorized: 401,
  forbidden: 403,
  untrusted_proxy: 403,
  demo_disabled: 403,
  not_found: 404,
  unknown_endpoint: 404,
  method_not_allowed: 405,
  conflict: 409,
  proxy_identity_missing: 407,
  payload_too_large: 413,
  unsupported_media_type: 415,
  inactivity: 418,
  csrf_mismatch: 419,
  validation: 422,
  too_many_attempts: 429,
  server_error: 500,
  service_unavailable: 503,
  insufficient_storage: 507,
} as const;

export type ErrorCode = keyof typeof statusOf;

/**
 * An answer's `reason`: a code of the closed list (error-envelopes.ts), or messages (a list, or by
 * field) rendered in the caller's language.
 */
export type Reason =
  ErrorReasonCode | readonly (Message | string)[] | Readonly<Record<string, Message | string>>;

export interface FieldError {
  readonly field: string;
  readonly message: Message | string;
}

interface AppErrorOptions {
  reason?: Reason;
  errors?: readonly FieldError[];
  headers?: Readonly<Record<string, string>>;
  /** Detail for the server log only (never sent). */
  cause?: unknown;
}

export class AppError extends Error {
  readonly statusCode: number;
  readonly reason: Reason | undefined;
  readonly errors: readonly FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    /** The wire message: a fixed token (`not found`) or a catalogue message. */
    readonly wireMessage: Message | string,
    options: AppErrorOptions = {},
  ) {
    super(typeof wireMessage === 'string' ? wireMessage : wireMessage.key, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = statusOf[code];
    this.reason = options.reason;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

const msg = (key: MessageKey, params?: MessageParams): Message => (params ? { key, params } : { key });

/** Ready-made errors with 2FAuth's fixed envelopes (clients match on their messages). */
export const errors = {
  notFound: () => new AppError('not_found', 'not found'),
  unknownEndpoint: () => new AppError('unknown_endpoint', 'unknowkn endpoint'),
  unauthenticated: () => new AppError('unauthenticated', 'Unauthenticated.'),
  /** Wrong credentials at sign-in: the same answer for every cause. */
  unauthorized: () => new AppError('unauthorized', 'unauthorized'),
  /** A route for a token's own use (a device ending its token), called by a session. */
  tokenRequired: () => new AppError('forbidden', msg('error.token_required')),
  forbiddenGroup: () => new AppError('forbidden', 'forbidden', { reason: 'This action is unauthorized.' }),
  untrustedProxy: () => new AppError('untrusted_proxy', msg('error.untrusted_proxy')),
  proxyIdentityMissing: () => new AppError('proxy_identity_missing', 'Unauthenticated.'),
  proxyNotApplicable: () => new AppError('proxy_not_applicable', msg('error.proxy_not_applicable')),
  inactivity: () => new AppError('inactivity', 'inactivity detected'),
  csrfMismatch: () => new AppError('csrf_mismatch', 'CSRF token mismatch.'),
  demoDisabled: () => new AppError('demo_disabled', msg('error.demo_disabled')),
  tooManyAttempts: (retryAfterSeconds: number, limit: number) =>
    new AppError('too_many_attempts', 'Too Many Attempts.', {
      headers: {
        'retry-after': String(retryAfterSeconds),
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': '0',
      },
    }),
  loginLocked: (seconds: number) =>
    new AppError('too_many_attempts', msg('error.too_many_login_attempts', { seconds }), {
      headers: { 'retry-after': String(seconds) },
    }),
  badRequest: (reason: Reason) => new AppError('bad_request', 'bad request', { reason }),
  /** A 400 refusal by a business rule, with a human message. */
  business: (key: MessageKey, params?: MessageParams, reason?: Reason) =>
    new AppError('business', msg(key, params), reason === undefined ? {} : { reason }),
  validation: (fieldErrors: readonly FieldError[]) => new AppError('validation', '', { errors: fieldErrors }),
  /** 422 on one field with a catalogue message (e.g. `validation.email_not_found`). */
  invalidField: (field: string, key: MessageKey, params?: MessageParams) =>
    new AppError('validation', '', { errors: [{ field, message: msg(key, params) }] }),
  server: (cause?: unknown) => new AppError('server_error', msg('error.server'), { cause }),
  /** 507: the data disk (DATA_DIR) is full; nothing of the write was kept. */
  diskFull: (cause?: unknown) => new AppError('insufficient_storage', msg('error.disk_full'), { cause }),
} as const;

export const message = msg;
