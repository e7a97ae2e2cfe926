import { describe, expect, it } from 'vitest';
import { createTwofold, TwofoldApiError } from './index.js';

/** Records the URLs asked for and answers with the given status and body. */
function recorder(status = 200, body: unknown = []) {
  const urls: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    urls.push(request.url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { urls, twofold: createTwofold({ baseUrl: 'http://x', token: 't', fetch: fetchImpl }) };
}

describe('booleans for the wire flags', () => {
  it('withOtp: true sends withOtp=1, false leaves it out (the server reads its presence)', async () => {
    const { urls, twofold } = recorder();
    await twofold.accounts.list({ withOtp: true, ids: [1, 2] });
    await twofold.accounts.list({ withOtp: false });
    expect(urls).toEqual([
      'http://x/api/v1/twofaccounts?ids=1%2C2&withOtp=1',
      'http://x/api/v1/twofaccounts',
    ]);
  });

  it('withSecret: true → 1, false → 0, unset → absent', async () => {
    const { urls, twofold } = recorder(200, {});
    await twofold.accounts.get(3, { withSecret: true });
    await twofold.accounts.get(3, { withSecret: false });
    await twofold.accounts.get(3);
    expect(urls.map((u) => new URL(u).search)).toEqual(['?withSecret=1', '?withSecret=0', '']);
  });
});

it('an error status becomes a TwofoldApiError with the field messages', async () => {
  const { twofold } = recorder(422, {
    message: 'The uri field is required.',
    errors: { uri: ['The uri field is required.'] },
  });
  const error = await twofold.accounts.create({ uri: '' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TwofoldApiError);
  expect(error).toMatchObject({ status: 422, errors: { uri: ['The uri field is required.'] } });
  expect((error as TwofoldApiError).describe()).toBe('uri: The uri field is required.');
});
