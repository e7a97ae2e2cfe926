import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { notify } from '../../ui/notify';

/** Why a security-device ceremony could not run or finish in the browser. */
export type WebauthnProblemKind = 'httpsRequired' | 'noSupport' | 'aborted' | 'unsupportedDevice';

export class WebauthnProblem extends Error {
  constructor(readonly kind: WebauthnProblemKind) {
    super(kind);
    this.name = 'WebauthnProblem';
  }
}

/** The secure context and the browser support WebAuthn needs, checked before any call. */
export function webauthnUnavailable(): WebauthnProblemKind | null {
  if (!window.isSecureContext) return 'httpsRequired';
  if (typeof window.PublicKeyCredential !== 'function' || !navigator.credentials) return 'noSupport';
  return null;
}

// The library is loaded only when a ceremony starts, so screens that never use it stay small.
const library = () => import('@simplewebauthn/browser');

function browserProblem(error: unknown, fallback: WebauthnProblemKind): WebauthnProblem {
  const name = error instanceof Error ? error.name : '';
  // Chromium reports both a cancelled prompt and a timeout as NotAllowedError.
  if (name === 'NotAllowedError' || name === 'AbortError') return new WebauthnProblem('aborted');
  return new WebauthnProblem(fallback);
}

/** Asks the authenticator for a new credential (registration or recovery). */
export async function createCredential(options: unknown): Promise<RegistrationResponseJSON> {
  const unavailable = webauthnUnavailable();
  if (unavailable) throw new WebauthnProblem(unavailable);
  const { startRegistration } = await library();
  try {
    return await startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON });
  } catch (error) {
    throw browserProblem(error, 'unsupportedDevice');
  }
}

/** Asks the authenticator to sign the server's challenge (sign-in). */
export async function getAssertion(options: unknown): Promise<AuthenticationResponseJSON> {
  const unavailable = webauthnUnavailable();
  if (unavailable) throw new WebauthnProblem(unavailable);
  const { startAuthentication } = await library();
  try {
    return await startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON });
  } catch (error) {
    throw browserProblem(error, 'unsupportedDevice');
  }
}

/** Shows the spec's message for a browser-side WebAuthn problem: aborting is a warning, the rest danger. */
export function notifyWebauthnProblem(problem: WebauthnProblem, t: TFunction<'auth'>): void {
  notify(problem.kind === 'aborted' ? 'warning' : 'danger', t(`webauthn.errors.${problem.kind}`), {
    duration: problem.kind === 'aborted' ? 4000 : -1,
  });
}
