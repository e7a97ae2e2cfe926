import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';
type WithTags = { id: number; tags?: string[] };

describeEachDatabase('tags', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const newAccount = async (name: string, tags?: string[]) =>
    (
      await call('POST', '/api/v1/twofaccounts?withExtras=1', {
        account: name,
        otp_type: 'totp',
        secret: SECRET,
        ...(tags ? { tags } : {}),
      })
    ).json<WithTags>();
  const tagNames = async (id: number) =>
    (await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`))
      // Absent when the account has none.
      .json<WithTags>().tags ?? [];

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('an account carries any number of tags, created on the fly; rename and delete', async () => {
    const a = await newAccount('a', ['Work', ' google ', 'WORK']);
    expect(a.tags).toEqual(['google', 'Work']);
    const b = await newAccount('b', ['work', 'Personal']);
    expect(b.tags).toEqual(['Personal', 'Work']);
    // Without the flag, the answer stays as 2FAuth's.
    const plain = await call('POST', '/api/v1/twofaccounts', {
      account: 'c',
      otp_type: 'totp',
      secret: SECRET,
    });
    expect(Object.keys(plain.json())).not.toContain('tags');

    const listed = (await call('GET', '/api/v1/tags')).json<{ id: number; name: string }[]>();
    expect(listed).toEqual([
      { id: expect.any(Number), name: 'google', twofaccounts_count: 1 },
      { id: expect.any(Number), name: 'Personal', twofaccounts_count: 1 },
      { id: expect.any(Number), name: 'Work', twofaccounts_count: 2 },
    ]);
    const work = listed.find((tag) => tag.name === 'Work')!;

    // An update with `tags` sets exactly those; without it keeps them.
    const update = {
      service: null,
      icon: null,
      account: 'a',
      otp_type: 'totp',
      secret: SECRET,
      digits: 6,
      algorithm: 'sha1',
    };
    await call('PUT', `/api/v1/twofaccounts/${a.id}`, update);
    expect(await tagNames(a.id)).toEqual(['google', 'Work']);
    const put = await call('PUT', `/api/v1/twofaccounts/${a.id}`, { ...update, tags: ['Personal'] });
    expect(put.json()).toMatchObject({ account: 'a' });
    expect(await tagNames(a.id)).toEqual(['Personal']);

    const renamed = await call('PUT', `/api/v1/tags/${work.id}`, { name: '  Office ' });
    expect(renamed.json()).toEqual({ id: work.id, name: 'Office', twofaccounts_count: 1 });
    expect(await tagNames(b.id)).toEqual(['Office', 'Personal']);
    expect((await call('PUT', `/api/v1/tags/${work.id}`, { name: 'personal' })).json()).toEqual({
      message: 'The name has already been taken.',
      errors: { name: ['The name has already been taken.'] },
    });

    expect((await call('DELETE', `/api/v1/tags/${work.id}`)).statusCode).toBe(204);
    expect(await tagNames(b.id)).toEqual(['Personal']);
    expect((await call('GET', `/api/v1/twofaccounts/${b.id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/tags/${work.id}`)).statusCode).toBe(404);

    // Deleting an account leaves its tags.
    await call('DELETE', `/api/v1/twofaccounts/${b.id}`);
    expect((await call('GET', '/api/v1/tags')).json()).toEqual([
      { id: expect.any(Number), name: 'google', twofaccounts_count: 0 },
      { id: expect.any(Number), name: 'Personal', twofaccounts_count: 1 },
    ]);
  });

  it('tags and untags several accounts (Manage mode)', async () => {
    const a = await newAccount('a');
    const b = await newAccount('b');
    const tag = (await call('POST', '/api/v1/tags', { name: 'Bank' })).json<{ id: number }>();
    expect((await call('POST', `/api/v1/tags/${tag.id}/assign`, { ids: [a.id, b.id, 999] })).json()).toEqual({
      id: tag.id,
      name: 'Bank',
      twofaccounts_count: 2,
    });
    // Twice is the same.
    await call('POST', `/api/v1/tags/${tag.id}/assign`, { ids: [a.id] });
    expect(await tagNames(a.id)).toEqual(['Bank']);
    expect((await call('POST', `/api/v1/tags/${tag.id}/withdraw`, { ids: [a.id] })).json()).toMatchObject({
      twofaccounts_count: 1,
    });
    expect(await tagNames(a.id)).toEqual([]);
    expect(await tagNames(b.id)).toEqual(['Bank']);
    expect((await call('POST', '/api/v1/tags/999/assign', { ids: [a.id] })).statusCode).toBe(404);
  });

  it('validates names with clear 422s', async () => {
    await call('POST', '/api/v1/tags', { name: 'Bank' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'name', 'The name field is required.'],
      [{ name: '   ' }, 'name', 'The name field is required.'],
      [{ name: 'x'.repeat(65) }, 'name', 'The name field must not be greater than 64 characters.'],
      [{ name: 'bANK' }, 'name', 'The name has already been taken.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call('POST', '/api/v1/tags', body);
      expect({ status: response.statusCode, body: response.json() }).toEqual({
        status: 422,
        body: { message, errors: { [field]: [message] } },
      });
    }
    const account = await call('POST', '/api/v1/twofaccounts', {
      account: 'a',
      otp_type: 'totp',
      secret: SECRET,
      tags: ['ok', ' ', 'y'.repeat(65)],
    });
    expect(account.statusCode).toBe(422);
    expect(Object.keys(account.json<{ errors: object }>().errors)).toEqual(['tags.1', 'tags.2']);
    // Nothing stored.
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toEqual([]);
    expect((await call('GET', '/api/v1/tags')).json()).toHaveLength(1);
  });
});
