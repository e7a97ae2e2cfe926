import { afterEach, describe, expect, it, vi } from 'vitest';

const startRegistration = vi.fn();
const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({ startRegistration, startAuthentication }));

const { createCredential, getAssertion, WebauthnProblem } = await import('./webauthn');

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

async function problemOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof WebauthnProblem) return error.kind;
    throw error;
  }
  throw new Error('no problem raised');
}

describe('WebAuthn ceremonies in the browser', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    startRegistration.mockReset();
    startAuthentication.mockReset();
  });

  it('needs a secure context', async () => {
    vi.stubGlobal('isSecureContext', false);
    expect(await problemOf(createCredential({}))).toBe('httpsRequired');
    expect(startRegistration).not.toHaveBeenCalled();
  });

  it('needs browser support', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PublicKeyCredential', undefined);
    expect(await problemOf(getAssertion({}))).toBe('noSupport');
  });

  it('reports a cancelled or timed-out prompt as aborted, anything else as an unsupported device', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', { ...navigator, credentials: {} });
    startAuthentication.mockRejectedValueOnce(domError('NotAllowedError'));
    expect(await problemOf(getAssertion({}))).toBe('aborted');
    startRegistration.mockRejectedValueOnce(domError('AbortError'));
    expect(await problemOf(createCredential({}))).toBe('aborted');
    startRegistration.mockRejectedValueOnce(domError('InvalidStateError'));
    expect(await problemOf(createCredential({}))).toBe('unsupportedDevice');
  });

  it('passes the server options through and returns the authenticator answer', async () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('navigator', { ...navigator, credentials: {} });
    startRegistration.mockResolvedValueOnce({ id: 'abc' });
    expect(await createCredential({ challenge: 'x' })).toEqual({ id: 'abc' });
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: { challenge: 'x' } });
  });
});
