import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';
import { TwofoldNetworkError } from './errors.js';

export type { components, operations, paths };

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head';
type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of a path's successful (2xx) response, e.g. `ResponseOf<'/app-config', 'get'>`. */
export type ResponseOf<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: infer R;
}
  ? JsonContent<R[Extract<keyof R, 200 | 201>]>
  : never;

/** The JSON request body of a path and method. */
export type BodyOf<P extends keyof paths, M extends Method> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonContent<NonNullable<B>>
  : never;

/** 2FAuth error envelopes. */
export type ErrorMessage = components['schemas']['ErrorMessage'];
export type ValidationError = components['schemas']['ValidationError'];

export interface TwofoldClientOptions {
  /** Origin (and sub-directory) of the server; '' = same origin (the web app). */
  readonly baseUrl?: string;
  /** A personal access token: sent as `Authorization: Bearer`; no cookie, no CSRF needed. */
  readonly token?: string;
  readonly fetch?: typeof globalThis.fetch;
  /** Milliseconds to wait for each answer; then a `TwofoldNetworkError` with `timedOut`. No limit by default. */
  readonly timeout?: number;
  /** Where the CSRF token comes from; by default the `XSRF-TOKEN` cookie of the document. */
  readonly csrfToken?: () => string | undefined;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function csrfFromDocumentCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const entry = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return entry ? decodeURIComponent(entry.slice('XSRF-TOKEN='.length)) : undefined;
}

/**
 * Session requests: sends the CSRF header on unsafe methods (and on HOTP OTP reads, which the
 * server also guards), and after a 419 refreshes the token once and retries the request.
 */
function csrfMiddleware(
  baseUrl: string,
  readToken: () => string | undefined,
  fetchImpl: typeof fetch,
): Middleware {
  const pending = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      request.headers.set('X-Requested-With', 'XMLHttpRequest');
      const token = readToken();
      if (token) request.headers.set('X-XSRF-TOKEN', token);
      if (UNSAFE.has(request.method) || /\/otp$/.test(new URL(request.url).pathname)) {
        pending.set(id, request.clone());
      }
      return request;
    },
    async onResponse({ response, id }) {
      const original = pending.get(id);
      pending.delete(id);
      if (response.status !== 419 || !original) return response;
      await fetchImpl(`${baseUrl}/refresh-csrf`, { credentials: 'same-origin' });
      const token = readToken();
      if (token) original.headers.set('X-XSRF-TOKEN', token);
      return fetchImpl(original);
    },
    onError({ id }) {
      pending.delete(id);
    },
  };
}

export type TwofoldClient = Client<paths>;

/**
 * '' (same origin), or an absolute http(s) URL of the server (with its sub-directory, if any),
 * without `/api/v1`: the client adds the paths. Returned without a trailing slash.
 */
export function checkBaseUrl(baseUrl: string): string {
  if (baseUrl === '') return '';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `Twofold: baseUrl must be an absolute URL with its scheme, e.g. https://2fa.example.com (got "${baseUrl}")`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`Twofold: baseUrl must start with http:// or https:// (got "${baseUrl}")`);
  if (/\/api\/v1\/?$/.test(url.pathname))
    throw new TypeError(
      `Twofold: baseUrl is the server's address without /api/v1 (got "${baseUrl}"): the client adds the API paths`,
    );
  return baseUrl.replace(/\/+$/, '');
}

/** Fetch that fails with a `TwofoldNetworkError` (the URL named) and stops waiting after `timeout`. */
function networkFetch(fetchImpl: typeof fetch, timeout: number | undefined): typeof fetch {
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0))
    throw new TypeError(`Twofold: timeout must be a positive number of milliseconds (got ${timeout})`);
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    if (timeout === undefined) {
      try {
        return await fetchImpl(request);
      } catch (error) {
        if (request.signal.aborted) throw error; // the caller's own abort
        throw new TwofoldNetworkError(request.url, error);
      }
    }
    // A timer of our own, cleared once the answer's headers are in: no timer outlives a request.
    // Both aborts (the timer's and the caller's) are also raced against the fetch: Node's fetch
    // can lose the copy's combined signal in a garbage collection, and then the abort alone would
    // never end the wait.
    const expiry = new AbortController();
    let stop: (reason: unknown) => void = () => undefined;
    const stopped = new Promise<never>((_resolve, reject) => {
      stop = reject;
    });
    const timer = setTimeout(() => {
      const reason = new DOMException(`No answer within ${timeout} ms`, 'TimeoutError');
      expiry.abort(reason);
      stop(reason);
    }, timeout);
    const onCallerAbort = () => stop(request.signal.reason);
    request.signal.addEventListener('abort', onCallerAbort, { once: true });
    const signal = AbortSignal.any([request.signal, expiry.signal]);
    try {
      return await Promise.race([fetchImpl(new Request(request, { signal })), stopped]);
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new TwofoldNetworkError(
        request.url,
        expiry.signal.aborted ? expiry.signal.reason : error,
        timeout,
      );
    } finally {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onCallerAbort);
    }
  };
}

/** The typed client of the Twofold API (the SDK of the web app and third-party tools). */
export function createTwofoldClient(options: TwofoldClientOptions = {}): TwofoldClient {
  const baseUrl = checkBaseUrl(options.baseUrl ?? '');
  const fetchImpl = networkFetch(options.fetch ?? globalThis.fetch.bind(globalThis), options.timeout);
  const client = createFetchClient<paths>({
    baseUrl,
    fetch: fetchImpl,
    headers: {
      Accept: 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
    },
    credentials: options.token ? 'omit' : 'same-origin',
  });
  if (!options.token)
    client.use(csrfMiddleware(baseUrl, options.csrfToken ?? csrfFromDocumentCookie, fetchImpl));
  return client;
}
