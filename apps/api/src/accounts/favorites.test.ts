import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

describeEachDatabase("favourites' own order", (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const newAccount = async (account: string) =>
    (await call('POST', '/api/v1/twofaccounts', { account, otp_type: 'totp', secret: SECRET })).json<{
      id: number;
    }>().id;
  const star = (id: number) => call('PUT', `/api/v1/twofaccounts/${id}/favorite`, { favorite: true });
  const favouriteOrder = async () =>
    (await call('GET', '/api/v1/twofaccounts?withExtras=1'))
      .json<{ id: number; favorite?: true; favorite_order?: number }[]>()
      .filter((account) => account.favorite)
      .sort((a, b) => a.favorite_order! - b.favorite_order!)
      .map((account) => [account.id, account.favorite_order]);

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('the listed favourites permute among their places; the others are ignored', async () => {
    const [a, b, c, d, plain] = [
      await newAccount('a'),
      await newAccount('b'),
      await newAccount('c'),
      await newAccount('d'),
      await newAccount('plain'),
    ];
    for (const id of [a, b, c, d]) await star(id);
    const positions = await t.db
      .selectFrom('twofaccounts')
      .select(['id', 'position'])
      .orderBy('id')
      .execute();

    // Move d before b: a, d, b, c. An account that is no favourite and an unknown id are ignored.
    const saved = await call('POST', '/api/v1/twofaccounts/favorites/reorder', {
      orderedIds: [d, plain, b, 999, c],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'order saved', orderedIds: [a, d, b, c] });
    expect(await favouriteOrder()).toEqual([
      [a, 1],
      [d, 2],
      [b, 3],
      [c, 4],
    ]);
    // The manual order of the list is not touched, nor is the account that is no favourite.
    expect(await t.db.selectFrom('twofaccounts').select(['id', 'position']).orderBy('id').execute()).toEqual(
      positions,
    );
    expect((await call('GET', `/api/v1/twofaccounts/${plain}?withExtras=1`)).json()).not.toHaveProperty(
      'favorite',
    );

    // A trashed favourite takes no part; starring afterwards goes last.
    await call('DELETE', `/api/v1/twofaccounts/${d}`);
    await call('POST', '/api/v1/twofaccounts/favorites/reorder', { orderedIds: [c, a] });
    expect(await favouriteOrder()).toEqual([
      [c, 1],
      [b, 2],
      [a, 3],
    ]);
    await star(plain);
    expect((await favouriteOrder()).at(-1)).toEqual([plain, 4]);
  });

  it('refuses a body without a list, or with repeats, naming the field (or the item)', async () => {
    for (const body of [{}, { orderedIds: [] }, { orderedIds: [1, 1] }, { orderedIds: ['x'] }]) {
      const answer = await call('POST', '/api/v1/twofaccounts/favorites/reorder', body);
      expect(answer.statusCode).toBe(422);
      const fields = Object.keys(answer.json<{ errors: Record<string, unknown> }>().errors);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((field) => field.startsWith('orderedIds'))).toBe(true);
    }
  });
});
