// Pairing without copying a token: an RFC 8628-shaped device authorization through the SDK. The
// extension asks the server for a device code and a short user code, opens the web app's "Connect
// a browser extension" page (`verification_uri_complete`), and polls until the signed-in user
// approves there; the answer is a personal access token of the `codes` scope, or of the `read`
// scope for the offline copy (the connect page then says that the extension asks to read secrets).
import {
  createTwofold,
  DeviceAuthorizationError,
  TwofoldNetworkError,
  type DeviceToken,
} from '@twofold/contract';

export interface Pairing {
  readonly serverUrl: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete: string;
}

export interface PairingHooks {
  /** The approved token (the pairing is over). */
  onToken(serverUrl: string, token: DeviceToken): Promise<void>;
  /** The pairing failed: denied (`access_denied`), expired (`expired_token`), or `error`. */
  onFailure(reason: string): void;
  /** Waits this many milliseconds (injected, so tests and the worker choose how). */
  wait(ms: number): Promise<void>;
}

/**
 * Starts a pairing; its polling runs on until a token, a refusal or the expiry. `replaces`: the id
 * of the token this browser was given before (lost with a restart): the server revokes it once the
 * new one is issued.
 */
export async function startPairing(
  serverUrl: string,
  clientName: string,
  hooks: PairingHooks,
  scope: 'codes' | 'read' = 'codes',
  replaces?: string,
): Promise<Pairing> {
  const { deviceAuthorization } = createTwofold({ baseUrl: serverUrl, timeout: 15_000 });
  const auth = await deviceAuthorization.start(clientName, scope, replaces);
  const pairing: Pairing = {
    serverUrl,
    userCode: auth.user_code,
    verificationUri: auth.verification_uri,
    verificationUriComplete: auth.verification_uri_complete,
  };
  const expiresAt = Date.now() + auth.expires_in * 1000;
  void (async () => {
    let interval = Math.max(1, auth.interval) * 1000;
    while (Date.now() < expiresAt) {
      await hooks.wait(interval);
      try {
        const answer = await deviceAuthorization.poll(auth.device_code);
        if ('token' in answer) return await hooks.onToken(serverUrl, answer.token);
        if (answer.pending === 'slow_down') interval += 5000;
      } catch (error) {
        // The server could not be reached this time: try again at the next interval.
        if (error instanceof TwofoldNetworkError) continue;
        return hooks.onFailure(error instanceof DeviceAuthorizationError ? error.error : 'error');
      }
    }
    hooks.onFailure('expired_token');
  })();
  return pairing;
}
