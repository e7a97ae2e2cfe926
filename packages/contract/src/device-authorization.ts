import type { TwofoldClient } from './client.js';
import { TwofoldApiError, unwrap } from './errors.js';
import type { DeviceAuthorization, DeviceToken, DeviceTokenError, PendingAuthorization } from './types.js';

/*
 * Pairing a device without copying a token (Twofold only): the device (an extension's service
 * worker, the CLI) calls `start`, shows `user_code` and sends the user to `verification_uri`,
 * then `waitForToken`; the signed-in user, in the web app, calls `show` and `approve` (or `deny`).
 * Only `fetch` is used: Node, browsers and extension service workers alike.
 */

/** Why a pairing ended without a token: `access_denied` (refused) or `expired_token`. */
export class DeviceAuthorizationError extends Error {
  override readonly name = 'DeviceAuthorizationError';
  constructor(
    readonly error: DeviceTokenError['error'],
    message: string,
  ) {
    super(message);
  }
}

export type PollAnswer =
  { readonly token: DeviceToken } | { readonly pending: 'authorization_pending' | 'slow_down' };

export interface WaitOptions {
  /** Stops waiting (the promise rejects, the signal's reason as its cause). */
  readonly signal?: AbortSignal | undefined;
  /** How to wait `ms` (tests); a timer by default. */
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

function timer(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const stopped = () => new Error('Stopped waiting for the pairing', { cause: signal?.reason });
    if (signal?.aborted) return reject(stopped());
    const id = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(id), reject(stopped())), { once: true });
  });
}

const codePath = (userCode: string) => ({ params: { path: { user_code: userCode } } });

export function deviceAuthorizationApi(client: TwofoldClient) {
  /** One poll: the token once approved, `pending` while not; refusal and expiry throw. */
  const poll = async (deviceCode: string): Promise<PollAnswer> => {
    const { data, error, response } = await client.POST('/api/v1/device-authorizations/token', {
      body: { device_code: deviceCode },
    });
    if (response.ok && data) return { token: data };
    if (response.status === 400 && error && typeof error === 'object' && 'error' in error) {
      const refusal = error;
      if (refusal.error === 'authorization_pending' || refusal.error === 'slow_down') {
        return { pending: refusal.error };
      }
      throw new DeviceAuthorizationError(refusal.error, refusal.message);
    }
    throw new TwofoldApiError(response.status, error);
  };

  return {
    /**
     * Starts a pairing; `scope` `codes` (fill codes) or `read` (an offline copy, secrets included);
     * `replaces`: the `token_id` this device was given before (revoked once the new one is issued).
     */
    start: (
      clientName: string,
      scope: 'codes' | 'read' = 'codes',
      replaces?: string,
    ): Promise<DeviceAuthorization> =>
      unwrap(
        client.POST('/api/v1/device-authorizations', {
          body: { client_name: clientName, scope, ...(replaces ? { replaces } : {}) },
        }),
      ),
    poll,
    /**
     * Polls every `interval` seconds (5 more after each `slow_down`) until the user decides: the
     * token, or a `DeviceAuthorizationError` (refused, expired).
     */
    waitForToken: async (started: DeviceAuthorization, opts: WaitOptions = {}): Promise<DeviceToken> => {
      const sleep = opts.sleep ?? timer;
      let interval = started.interval;
      for (;;) {
        await sleep(interval * 1000, opts.signal);
        const answer = await poll(started.device_code);
        if ('token' in answer) return answer.token;
        if (answer.pending === 'slow_down') interval += 5;
      }
    },
    /** The web app's side (a signed-in session): the pairing waiting under a user code. */
    show: (userCode: string): Promise<PendingAuthorization> =>
      unwrap(client.GET('/api/v1/device-authorizations/{user_code}', codePath(userCode))),
    /** Approves (after the identity confirmation); `name`: the token's name, the device's by default. */
    approve: (userCode: string, name?: string): Promise<void> =>
      unwrap(
        client.POST('/api/v1/device-authorizations/{user_code}/approve', {
          ...codePath(userCode),
          body: name === undefined ? {} : { name },
        }),
      ),
    /** The device's side: revokes the calling token itself (and the device copy tied to it). */
    end: (): Promise<void> => unwrap(client.DELETE('/api/v1/device-authorizations/token')),
    /** The device's side, a `read` token: records that it refreshed the device copy tied to it. */
    refreshCopy: (id: string): Promise<void> =>
      unwrap(client.POST('/api/v1/device-copies/{id}/refresh', { params: { path: { id } } })).then(
        () => undefined,
      ),
    deny: (userCode: string): Promise<void> =>
      unwrap(client.POST('/api/v1/device-authorizations/{user_code}/deny', codePath(userCode))),
  };
}
