import type { ErrorReason } from './types.js';

/** A refusal from the server, in 2FAuth's error envelope. */
export class TwofoldApiError extends Error {
  override readonly name = 'TwofoldApiError';
  /** The HTTP status (401 bad token, 404 unknown id, 422 validation, 429 throttled...). */
  readonly status: number;
  /** Field-level messages of a 422, keyed by field name (`{}` otherwise). */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /**
   * The reason some answers carry: a code of the closed list (`ErrorReasonCode`, e.g.
   * `password_required` on an encrypted import), or messages.
   */
  readonly reason: ErrorReason | undefined;

  constructor(status: number, body: unknown) {
    const envelope = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const message = typeof envelope.message === 'string' ? envelope.message : `HTTP ${status}`;
    super(message);
    this.status = status;
    this.errors = isFieldErrors(envelope.errors) ? envelope.errors : {};
    this.reason = envelope.reason as ErrorReason | undefined;
  }

  /** The first message of each field, then the envelope's message: one line for a person. */
  describe(): string {
    const fields = Object.entries(this.errors).map(([field, messages]) => `${field}: ${messages[0] ?? ''}`);
    return fields.length > 0 ? fields.join('; ') : this.message;
  }
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
    )
  );
}

/** The data of a successful openapi-fetch result, or a `TwofoldApiError` for an error status. */
export async function unwrap<T>(
  pending: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await pending;
  if (!response.ok) throw new TwofoldApiError(response.status, error);
  return data as T;
}

/**
 * No answer from the server: it cannot be reached (DNS, refused connection, TLS), or it did not
 * answer within the client's `timeout`. `url` is the request's URL; `cause` the underlying error.
 */
export class TwofoldNetworkError extends Error {
  override readonly name = 'TwofoldNetworkError';
  /** `true` when the client's `timeout` ran out. */
  readonly timedOut: boolean;

  constructor(
    readonly url: string,
    cause: unknown,
    timeoutMs?: number,
  ) {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    const detail = cause instanceof Error && cause.cause instanceof Error ? cause.cause.message : '';
    super(
      timedOut
        ? `No answer from ${url} within ${timeoutMs ?? '?'} ms`
        : `Cannot reach ${url}${detail ? ` (${detail})` : ''}`,
      { cause },
    );
    this.timedOut = timedOut;
  }
}
