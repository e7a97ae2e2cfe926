import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';
const BASE = 'http://localhost:8000/api/v1/twofaccounts';

interface Page {
  data: { id: number; account: string; otp?: unknown; tags?: string[] }[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: { url: string | null; label: string; page: number | null; active: boolean }[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

describeEachDatabase('2FAuth pagination of the accounts list', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const create = async (account: string) =>
    (await call('POST', '/api/v1/twofaccounts', { account, otp_type: 'totp', secret: SECRET })).json<{
      id: number;
    }>().id;
  const page = async (query: string) => {
    const response = await call('GET', `/api/v1/twofaccounts?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<Page>();
  };

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('answers a page in Laravel’s envelope, the whole list without page parameters', async () => {
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) ids.push(await create(name));
    const whole = (await call('GET', '/api/v1/twofaccounts')).json<{ id: number }[]>();
    expect(whole.map((account) => account.id)).toEqual(ids);

    const first = await page('page[number]=1&page[size]=2');
    expect(first.data.map((account) => account.id)).toEqual(ids.slice(0, 2));
    expect(first.meta).toEqual({
      current_page: 1,
      from: 1,
      last_page: 3,
      links: [
        { url: null, label: '&laquo; Previous', page: null, active: false },
        { url: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=1`, label: '1', page: 1, active: true },
        { url: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=2`, label: '2', page: 2, active: false },
        { url: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=3`, label: '3', page: 3, active: false },
        { url: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=2`, label: 'Next &raquo;', page: 2, active: false },
      ],
      path: BASE,
      per_page: 2,
      to: 2,
      total: 5,
    });
    expect(first.links).toEqual({
      first: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=1`,
      last: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=3`,
      prev: null,
      next: `${BASE}?page%5Bsize%5D=2&page%5Bnumber%5D=2`,
    });

    // Encoded brackets read the same; the last page is short; past it, an empty page.
    const last = await page('page%5Bnumber%5D=3&page%5Bsize%5D=2');
    expect(last.data.map((account) => account.id)).toEqual(ids.slice(4));
    expect(last.meta).toMatchObject({ from: 5, to: 5, current_page: 3 });
    expect(last.links.next).toBeNull();
    const beyond = await page('page[number]=9&page[size]=2');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta).toMatchObject({ from: null, to: null, total: 5, last_page: 3 });

    // A number alone: 20 a page, as 2FAuth's default `itemsPerPage`.
    const byDefault = await page('page[number]=1');
    expect(byDefault.meta).toMatchObject({ per_page: 20, last_page: 1, total: 5 });
  });

  it('keeps the other query parameters: codes, secrets and extras of the page only', async () => {
    const id = await create('a');
    await create('b');
    const tag = (await call('POST', '/api/v1/tags', { name: 'Work' })).json<{ id: number }>();
    await call('POST', `/api/v1/tags/${tag.id}/assign`, { ids: [id] });
    const answer = await page('withOtp=1&withExtras=1&page[size]=1');
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ id, tags: ['Work'] });
    expect(answer.data[0]!.otp).toBeDefined();
    expect(answer.links.next).toBe(`${BASE}?withOtp=1&withExtras=1&page%5Bsize%5D=1&page%5Bnumber%5D=2`);
    expect(answer.data[0]).not.toHaveProperty('secret');
  });

  it('answers pages that follow writes, and leaves the kept whole list intact', async () => {
    const a = await create('a');
    const b = await create('b');
    const wholeBefore = (await call('GET', '/api/v1/twofaccounts')).body;
    expect((await page('page[number]=1&page[size]=1')).data[0]!.id).toBe(a);
    expect((await call('GET', '/api/v1/twofaccounts')).body).toBe(wholeBefore);

    await call('DELETE', `/api/v1/twofaccounts/${a}`);
    const after = await page('page[number]=1&page[size]=1');
    expect(after.data[0]!.id).toBe(b);
    expect(after.meta.total).toBe(1);
    const c = await create('c');
    expect((await page('page[number]=2&page[size]=1')).data[0]!.id).toBe(c);
    expect((await call('GET', '/api/v1/twofaccounts')).json<{ id: number }[]>().map((x) => x.id)).toEqual([
      b,
      c,
    ]);
  });

  it('shows Laravel’s window of page numbers, with ellipses past 13 pages', async () => {
    for (let i = 0; i < 15; i += 1) await create(`n${i}`);
    const labels = async (n: number) =>
      (await page(`page[number]=${n}&page[size]=1`)).meta.links.slice(1, -1).map((link) => link.label);
    expect(await labels(1)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '...', '14', '15']);
    expect(await labels(8)).toEqual([
      '1',
      '2',
      '...',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '...',
      '14',
      '15',
    ]);
    expect(await labels(15)).toEqual([
      '1',
      '2',
      '...',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
      '13',
      '14',
      '15',
    ]);
    const ellipsis = (await page('page[number]=1&page[size]=1')).meta.links[11];
    expect(ellipsis).toEqual({ url: null, label: '...', page: null, active: false });
  });

  it('refuses a bad page value with a 422 naming the field', async () => {
    await create('a');
    const cases: [string, string, string][] = [
      ['page[number]=0', 'page.number', 'The page.number field must be between 1 and 1000000.'],
      ['page[number]=x', 'page.number', 'The page.number field must be an integer.'],
      ['page[number]=1.5', 'page.number', 'The page.number field must be an integer.'],
      ['page[number]=', 'page.number', 'The page.number field must be an integer.'],
      ['page[number]=1&page[number]=2', 'page.number', 'The page.number field must be an integer.'],
      ['page[size]=0', 'page.size', 'The page.size field must be between 1 and 1000.'],
      ['page[size]=1001', 'page.size', 'The page.size field must be between 1 and 1000.'],
      ['page[size]=99999999999999999999', 'page.size', 'The page.size field must be an integer.'],
    ];
    for (const [query, field, message] of cases) {
      const response = await call('GET', `/api/v1/twofaccounts?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors, query).toEqual({
        [field]: [message],
      });
    }
  });

  it('gives twofaccount_count on the user answers', async () => {
    const user = async () => (await call('GET', '/api/v1/user')).json<{ twofaccount_count: number }>();
    expect((await user()).twofaccount_count).toBe(0);
    const id = await create('a');
    await create('b');
    expect((await user()).twofaccount_count).toBe(2);
    await call('DELETE', `/api/v1/twofaccounts/${id}`);
    expect((await user()).twofaccount_count).toBe(1);
  });
});
