import {
  createTwofoldClient,
  TwofoldNetworkError,
  type ErrorMessage,
  type ErrorReason,
  type ErrorReasonCode,
  type ValidationError,
} from '@twofold/contract';
import { learnServerTime } from './server-time';

/** The one client of the web app: same origin, session cookie, CSRF header (see @twofold/contract). */
export const api = createTwofoldClient();

/**
 * The server words its messages (validation, errors) in the language of Accept-Language for anonymous
 * callers: send the interface language, which may be a choice made in the settings rather than the
 * browser's own preference.
 */
api.use({
  onRequest({ request }) {
    const lang = document.documentElement.lang;
    if (lang) request.headers.set('Accept-Language', lang === 'zh-Hans' ? 'zh-CN' : lang);
    return request;
  },
  // Every answer tells the server's time: the codes computed in the page follow it (server-time.ts).
  onResponse({ response }) {
    const date = response.headers.get('Date');
    if (date) learnServerTime(Date.parse(date), Date.now());
    return response;
  },
});

/** A failed API call: the status and the server's 2FAuth envelope. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorMessage | ValidationError | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }

  /** Field -> messages of a 422, if any. */
  get fieldErrors(): Record<string, string[]> {
    const body = this.body as Partial<ValidationError> | undefined;
    return body?.errors ?? {};
  }

  /** The `reason` some answers carry: a code of the closed list, or messages. */
  get reason(): ErrorReason | undefined {
    return reasonOf(this.body);
  }

  /** The answer's reason code (the closed list `ErrorReasonCode`), or null when it has none. */
  get reasonCode(): ErrorReasonCode | null {
    return reasonCodeOf(this.body);
  }
}

type Envelope = ErrorMessage | ValidationError | undefined;

const reasonOf = (body: Envelope): ErrorReason | undefined =>
  body && 'reason' in body ? body.reason : undefined;

/** The reason code of an error envelope, or null: a reason may also be a list of messages. */
export function reasonCodeOf(body: Envelope): ErrorReasonCode | null {
  const reason = reasonOf(body);
  return typeof reason === 'string' ? reason : null;
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits an openapi-fetch call: its data, or an ApiError carrying the status and envelope. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw new ApiError(response.status, (error ?? undefined) as ErrorMessage | ValidationError | undefined);
  }
  return data as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * The server could not be reached: fetch failed (no network, server stopped), or a gateway in
 * front of it answered that it could not reach it or that it is down (502, 503, 504).
 */
export function isServerUnreachable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  // The SDK names a failed fetch TwofoldNetworkError; a bare fetch elsewhere still throws TypeError.
  return error instanceof TwofoldNetworkError || error instanceof TypeError;
}

/*
 * Whether this device keeps an encrypted copy of the accounts, and whether the app reads from it
 * because the server cannot be reached. Here, beside `isServerUnreachable`, so that the first
 * visit loads no module of its own for it: the copy's code (vault, IndexedDB, unlock screen)
 * loads only when these say it is needed. The stored value is the copy's id on the server: it
 * names no account.
 */
const MARKER_KEY = 'twofold.deviceCopy';

export function deviceCopyId(): string | null {
  try {
    return localStorage.getItem(MARKER_KEY);
  } catch {
    return null;
  }
}

export function markDeviceCopy(id: string | null): void {
  if (id === null) localStorage.removeItem(MARKER_KEY);
  else localStorage.setItem(MARKER_KEY, id);
}

/** Kept across a sign-out when the user keeps the copy (lib/session.ts). */
export const DEVICE_COPY_MARKER = MARKER_KEY;
