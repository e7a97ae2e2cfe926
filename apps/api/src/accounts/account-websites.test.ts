import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { hashToken } from '../tokens/tokens.queries.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

describeEachDatabase('account websites', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const extras = async (id: number) =>
    (await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json<{ websites?: string[] }>();

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  async function create(websites?: unknown): Promise<number> {
    const response = await call('POST', '/api/v1/twofaccounts', {
      service: 'GitHub',
      account: 'alice',
      otp_type: 'totp',
      secret: SECRET,
      ...(websites === undefined ? {} : { websites }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number }>().id;
  }

  async function codesToken(): Promise<string> {
    const value = randomBytes(48).toString('base64url');
    await t.db
      .insertInto('personal_access_tokens')
      .values({
        id: randomBytes(20).toString('hex'),
        name: 'extension',
        scope: 'codes',
        token_hash: hashToken(value),
        created_at: new Date(1_700_000_000_000),
        updated_at: new Date(1_700_000_000_000),
        expires_at: new Date(1_800_000_000_000),
      })
      .execute();
    return value;
  }

  it('stores the registrable domain of each website, once, and shows them only with withExtras', async () => {
    const id = await create(['GitHub.com', 'https://gist.github.com/login', 'www.münchen.de', '192.168.1.2']);
    const plain = (await call('GET', `/api/v1/twofaccounts/${id}`)).json<Record<string, unknown>>();
    expect(plain).not.toHaveProperty('websites');
    expect((await extras(id)).websites).toEqual(['github.com', 'xn--mnchen-3ya.de', '192.168.1.2']);
    const list = (await call('GET', '/api/v1/twofaccounts?withExtras=1')).json<{ websites?: string[] }[]>();
    expect(list[0]!.websites).toEqual(['github.com', 'xn--mnchen-3ya.de', '192.168.1.2']);
  });

  it('replaces them on update, keeps them when the update does not send them, and has none by default', async () => {
    const id = await create(['github.com']);
    const update = (websites?: string[]) =>
      call('PUT', `/api/v1/twofaccounts/${id}`, {
        service: 'GitHub',
        account: 'alice',
        icon: null,
        otp_type: 'totp',
        secret: SECRET,
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        ...(websites === undefined ? {} : { websites }),
      });
    expect((await update()).statusCode).toBe(200);
    expect((await extras(id)).websites).toEqual(['github.com']);
    expect((await update(['githubstatus.com', 'github.com'])).statusCode).toBe(200);
    expect((await extras(id)).websites).toEqual(['githubstatus.com', 'github.com']);
    expect((await update([])).statusCode).toBe(200);
    expect(await extras(id)).not.toHaveProperty('websites');
    expect(await extras(await create())).not.toHaveProperty('websites');
  });

  it('names each entry that is no website, and refuses more than 20', async () => {
    const bad = await call('POST', '/api/v1/twofaccounts', {
      service: 'GitHub',
      account: 'alice',
      otp_type: 'totp',
      secret: SECRET,
      websites: ['github.com', 'co.uk', 'mailto:me@github.com'],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ errors: object }>().errors)).toEqual(['websites.1', 'websites.2']);
    expect(bad.json<{ errors: Record<string, string[]> }>().errors['websites.1']![0]).toContain(
      'such as github.com',
    );
    const many = Array.from({ length: 21 }, (_, i) => `site${i}.com`);
    const tooMany = await call('POST', '/api/v1/twofaccounts', {
      account: 'alice',
      otp_type: 'totp',
      secret: SECRET,
      websites: many,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json<{ errors: object }>().errors)).toEqual(['websites']);
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 0 });
  });

  it('lets a codes token remember a website for one account, and nothing more', async () => {
    const id = await create(['github.com']);
    const value = await codesToken();
    const extension = bearerCaller(t, () => value);
    const added = await extension('POST', `/api/v1/twofaccounts/${id}/websites`, {
      domain: 'https://www.githubstatus.com/',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ websites: ['github.com', 'githubstatus.com'] });
    // Kept once.
    const again = await extension('POST', `/api/v1/twofaccounts/${id}/websites`, {
      domain: 'githubstatus.com',
    });
    expect(again.json()).toEqual({ websites: ['github.com', 'githubstatus.com'] });
    // The codes token sees them with withExtras, and still cannot write anything else.
    const seen = await extension('GET', `/api/v1/twofaccounts/${id}?withExtras=1`);
    expect(seen.json<{ websites: string[] }>().websites).toEqual(['github.com', 'githubstatus.com']);
    expect((await extension('PUT', `/api/v1/twofaccounts/${id}`, { websites: [] })).statusCode).toBe(403);

    const invalid = await extension('POST', `/api/v1/twofaccounts/${id}/websites`, { domain: 'com' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json<{ errors: object }>().errors)).toEqual(['domain']);
    expect(
      (await extension('POST', '/api/v1/twofaccounts/999/websites', { domain: 'a.com' })).statusCode,
    ).toBe(404);
  });

  it('refuses a 21st website', async () => {
    const id = await create(Array.from({ length: 20 }, (_, i) => `site${i}.com`));
    const full = await call('POST', `/api/v1/twofaccounts/${id}/websites`, { domain: 'one-more.com' });
    expect(full.statusCode).toBe(422);
    expect(full.json()).toEqual({
      message: 'The websites field must not be greater than 20.',
      errors: { websites: ['The websites field must not be greater than 20.'] },
    });
  });

  it('forgets the websites with their account', async () => {
    const id = await create(['github.com']);
    expect((await call('DELETE', `/api/v1/twofaccounts/${id}`)).statusCode).toBe(204);
    const rows = await t.db.selectFrom('account_websites').selectAll().execute();
    // Deleted (or in the trash, where the row and its websites wait together).
    const account = await t.db
      .selectFrom('twofaccounts')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    expect(rows.length).toBe(account ? 1 : 0);
  });
});
