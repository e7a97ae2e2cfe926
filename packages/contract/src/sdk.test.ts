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

describe('idempotency keys of account creations', () => {
  const row = (account: string, id = 0) =>
    ({
      id,
      otp_type: 'totp',
      account,
      service: 'Acme',
      icon: null,
      secret: 'A4GRFHVVRBGY7UIW',
      digits: 6,
      algorithm: 'sha1',
      period: 30,
      counter: null,
      group_id: null,
    }) as const;

  /** Answers each request with the next status of `statuses` (then 201), recording key and body. */
  function server(statuses: number[] = []) {
    const seen: { key: string | null; account: unknown }[] = [];
    const fetchImpl: typeof fetch = async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const body = (await request.json()) as { account?: unknown };
      seen.push({ key: request.headers.get('idempotency-key'), account: body.account });
      const status = statuses.shift() ?? 201;
      return new Response(JSON.stringify(status === 201 ? { id: seen.length } : { message: 'x' }), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    };
    return { seen, twofold: createTwofold({ baseUrl: 'http://x', token: 't', fetch: fetchImpl }) };
  }

  it('create sends the key given, and none without one', async () => {
    const { seen, twofold } = server();
    await twofold.accounts.create(
      { uri: 'otpauth://totp/a?secret=A4GRFHVVRBGY7UIW' },
      {},
      { idempotencyKey: 'k-1' },
    );
    await twofold.accounts.create({ uri: 'otpauth://totp/a?secret=A4GRFHVVRBGY7UIW' });
    expect(seen.map((s) => s.key)).toEqual(['k-1', null]);
  });

  it('importRows sends one key per row, the same on the retries of a row whose outcome is unknown', async () => {
    const { seen, twofold } = server([201, 503, 502, 201]);
    const created = await twofold.accounts.importRows([row('a'), row('b', -2), row('c'), row('d', -1)], {
      skipDuplicates: true,
      retryDelayMs: 1,
    });
    expect(created).toHaveLength(2);
    expect(seen.map((s) => s.account)).toEqual(['a', 'c', 'c', 'c']);
    const [a, ...c] = seen.map((s) => s.key);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(c)).toEqual(new Set([c[0]]));
    expect(c[0]).not.toBe(a);
  });

  it('stops retrying after the tries, and never retries a refusal', async () => {
    const refused = server([422]);
    await expect(refused.twofold.accounts.importRows([row('a')], { retryDelayMs: 1 })).rejects.toMatchObject({
      status: 422,
    });
    expect(refused.seen).toHaveLength(1);
    const down = server([503, 503, 503, 503]);
    await expect(down.twofold.accounts.importRows([row('a')], { retryDelayMs: 1 })).rejects.toMatchObject({
      status: 503,
    });
    expect(down.seen).toHaveLength(3);
  });
});

it("an account's extras: reveal and mark reach their routes; `recovery` is the same object", async () => {
  const { urls, twofold } = recorder(200, {});
  await twofold.extras.reveal(4);
  await twofold.extras.mark(4, 9, true);
  expect(urls).toEqual([
    'http://x/api/v1/twofaccounts/4/recovery',
    'http://x/api/v1/twofaccounts/4/recovery-codes/9',
  ]);
  expect(twofold.recovery).toBe(twofold.extras);
});
