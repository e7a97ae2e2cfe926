// The pairing in progress: a device authorization polled until the user approves it in the web app.
import { pollDeviceToken, startDeviceAuthorization, type DeviceToken } from './device-auth.js';

export interface Pairing {
  readonly serverUrl: string;
  readonly userCode: string;
  readonly verificationUri: string;
  readonly verificationUriComplete: string;
}

export interface PairingHooks {
  /** The approved token (the pairing is over). */
  onToken(serverUrl: string, token: DeviceToken): Promise<void>;
  /** The pairing failed: denied, expired, or the server answered otherwise. */
  onFailure(reason: string): void;
  /** Waits this many milliseconds (injected, so tests and the worker choose how). */
  wait(ms: number): Promise<void>;
}

/** Starts a pairing; its polling runs on until a token, a refusal or the expiry. */
export async function startPairing(
  serverUrl: string,
  clientName: string,
  hooks: PairingHooks,
): Promise<Pairing> {
  const auth = await startDeviceAuthorization(serverUrl, clientName, 'codes');
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
      let result;
      try {
        result = await pollDeviceToken(serverUrl, auth.device_code);
      } catch {
        continue; // the server could not be reached this time: try again at the next interval
      }
      if (result.kind === 'token') return hooks.onToken(serverUrl, result.token);
      if (result.kind === 'failed') return hooks.onFailure(result.reason);
      if (result.slowDown) interval += 5000;
    }
    hooks.onFailure('expired_token');
  })();
  return pairing;
}
