// Pairing without copying a token: an RFC 8628 device authorization. The extension asks the
// server for a device code and a short user code, opens the web app's "Connect a browser
// extension" page (`verification_uri_complete`), and polls until the signed-in user approves there;
// the answer is a personal access token of the asked scope. Calls go through the SDK's typed client;
// these two routes are typed here until the SDK's generated schema has them.
import { createTwofoldClient, unwrap } from '@twofold/contract';

export interface DeviceAuthorization {
  readonly device_code: string;
  readonly user_code: string;
  readonly verification_uri: string;
  readonly verification_uri_complete: string;
  readonly expires_in: number;
  readonly interval: number;
}

export interface DeviceToken {
  readonly access_token: string;
  readonly token_type: 'Bearer';
  readonly scope: string;
  readonly token_name: string;
}

type Post = (
  path: string,
  init: { body: unknown },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

function post(serverUrl: string) {
  const client = createTwofoldClient({ baseUrl: serverUrl, timeout: 15_000 });
  return client.POST as unknown as Post;
}

export async function startDeviceAuthorization(
  serverUrl: string,
  clientName: string,
  scope: 'codes' | 'read',
): Promise<DeviceAuthorization> {
  const pending = post(serverUrl)('/api/v1/device-authorizations', {
    body: { client_name: clientName, scope },
  });
  return (await unwrap(pending)) as DeviceAuthorization;
}

export type PollResult =
  | { readonly kind: 'token'; readonly token: DeviceToken }
  | { readonly kind: 'pending'; readonly slowDown: boolean }
  | { readonly kind: 'failed'; readonly reason: 'access_denied' | 'expired_token' | 'error' };

/** One poll of the token endpoint. */
export async function pollDeviceToken(serverUrl: string, deviceCode: string): Promise<PollResult> {
  const { data, error, response } = await post(serverUrl)('/api/v1/device-authorizations/token', {
    body: { device_code: deviceCode },
  });
  if (response.ok && data) return { kind: 'token', token: data as DeviceToken };
  const code = (error as { error?: string } | undefined)?.error;
  if (code === 'authorization_pending') return { kind: 'pending', slowDown: false };
  if (code === 'slow_down') return { kind: 'pending', slowDown: true };
  if (code === 'access_denied' || code === 'expired_token') return { kind: 'failed', reason: code };
  return { kind: 'failed', reason: 'error' };
}
