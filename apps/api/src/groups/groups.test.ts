import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const err = (field: string, message: string) => ({ message, errors: { [field]: [message] } });
const group = (id: number, name: string, count = 0, chips = false) => ({
  id,
  name,
  show_in_chips: chips,
  twofaccounts_count: count,
});

describeEachDatabase('groups', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const account = async (name: string) =>
    (
      await call('POST', '/api/v1/twofaccounts', {
        account: name,
        otp_type: 'totp',
        secret: 'A4GRFHVVRBGY7UIW',
      })
    ).json<{
      id: number;
    }>().id;
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('lists the pseudo group first, then groups in their order; new groups last', async () => {
    expect((await call('GET', '/api/v1/groups')).json()).toEqual([
      { id: 0, name: 'All', show_in_chips: null, twofaccounts_count: 0 },
    ]);
    expect((await call('POST', '/api/v1/groups', { name: 'Work', show_in_chips: true })).json()).toEqual(
      group(1, 'Work', 0, true),
    );
    await call('POST', '/api/v1/groups', { name: 'Social networks' });
    await account('a');
    const french = await call('GET', '/api/v1/groups', undefined, { 'accept-language': 'fr' });
    expect(french.json()).toEqual([
      { id: 0, name: expect.any(String), show_in_chips: null, twofaccounts_count: 1 },
      group(1, 'Work', 0, true),
      group(2, 'Social networks'),
    ]);
    expect((await call('GET', '/api/v1/groups/0')).json()).toEqual({
      id: 0,
      name: 'All',
      show_in_chips: null,
      twofaccounts_count: 1,
    });
    expect((await call('GET', '/api/v1/groups/2')).json()).toEqual(group(2, 'Social networks'));
    for (const id of ['3', 'abc', '99999999999']) {
      expect((await call('GET', `/api/v1/groups/${id}`)).json()).toEqual({ message: 'not found' });
    }
  });

  it('validates names', async () => {
    await call('POST', '/api/v1/groups', { name: 'Work' });
    const cases: [unknown, unknown][] = [
      [{}, err('name', 'The name field is required.')],
      [{ name: '  ' }, err('name', 'The name field is required.')],
      [{ name: 12 }, err('name', 'The name field must be a string.')],
      [{ name: 'x'.repeat(33) }, err('name', 'The name field must not be greater than 32 characters.')],
      [
        { name: 'a "quoted" name' },
        err(
          'name',
          'Please only use letters, numbers, dashes, underscores, spaces or single quotation marks',
        ),
      ],
      [{ name: 'ALL' }, err('name', 'Reserved name, please choose something else')],
      [{ name: 'tous' }, err('name', 'Reserved name, please choose something else')],
      [{ name: 'Alle' }, err('name', 'Reserved name, please choose something else')],
      [{ name: 'work' }, err('name', 'The name has already been taken.')],
      [
        { name: 'Ok', show_in_chips: 'maybe' },
        err('show_in_chips', 'The show in chips field must be true or false.'),
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call('POST', '/api/v1/groups', body as never);
      expect({ body, status: response.statusCode, json: response.json() }).toEqual({
        body,
        status: 422,
        json: expected,
      });
    }
    const unicode = await call('POST', '/api/v1/groups', { name: "Ça-va_l'été 日本 ١٢" });
    expect(unicode.statusCode).toBe(201);
    // Persian writes some words with a zero-width non-joiner between letters; never at an end.
    const persian = await call('POST', '/api/v1/groups', { name: 'کار\u200Cها' });
    expect({ status: persian.statusCode, json: persian.json() }).toEqual({
      status: 201,
      json: group(3, 'کار\u200Cها'),
    });
    const trailing = await call('POST', '/api/v1/groups', { name: 'کار\u200C' });
    expect({ status: trailing.statusCode, json: trailing.json() }).toEqual({
      status: 422,
      json: err(
        'name',
        'Please only use letters, numbers, dashes, underscores, spaces or single quotation marks',
      ),
    });
  });

  it('renames a group (show_in_chips kept when absent); the pseudo group is forbidden', async () => {
    await call('POST', '/api/v1/groups', { name: 'Work', show_in_chips: true });
    await call('POST', '/api/v1/groups', { name: 'Home' });
    expect((await call('PUT', '/api/v1/groups/1', { name: 'Job' })).json()).toEqual(group(1, 'Job', 0, true));
    expect((await call('PUT', '/api/v1/groups/1', { name: 'job', show_in_chips: false })).json()).toEqual(
      group(1, 'job'),
    );
    expect((await call('PUT', '/api/v1/groups/1', { name: 'HOME' })).json()).toEqual(
      err('name', 'The name has already been taken.'),
    );
    const forbidden = { message: 'forbidden', reason: 'This action is unauthorized.' };
    for (const [method, url] of [
      ['PUT', '/api/v1/groups/0'],
      ['DELETE', '/api/v1/groups/0'],
      ['POST', '/api/v1/groups/0/assign'],
    ] as const) {
      const response = await call(method, url, { name: '' });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 403,
        body: forbidden,
      });
    }
    for (const [method, url] of [
      ['PUT', '/api/v1/groups/9'],
      ['DELETE', '/api/v1/groups/9'],
      ['POST', '/api/v1/groups/9/assign'],
      ['GET', '/api/v1/groups/9/twofaccounts'],
    ] as const) {
      const response = await call(method, url, { name: '' });
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 404,
        body: { message: 'not found' },
      });
    }
  });

  it('reads show_in_chips null or "" as not given, on create (false) and on update (kept)', async () => {
    for (const [i, empty] of [null, '', '  '].entries()) {
      const name = `G${i}`;
      const created = await call('POST', '/api/v1/groups', { name, show_in_chips: empty });
      expect({ empty, status: created.statusCode, body: created.json() }).toEqual({
        empty,
        status: 201,
        body: group(i + 1, name),
      });
      await call('PUT', `/api/v1/groups/${i + 1}`, { name, show_in_chips: true });
      const updated = await call('PUT', `/api/v1/groups/${i + 1}`, {
        name: `${name}x`,
        show_in_chips: empty,
      });
      expect({ empty, status: updated.statusCode, body: updated.json() }).toEqual({
        empty,
        status: 200,
        body: group(i + 1, `${name}x`, 0, true),
      });
    }
    // The same as a form: an empty field is not given either.
    const form = await call('PUT', '/api/v1/groups/1', 'name=Form&show_in_chips=', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect({ status: form.statusCode, body: form.json() }).toEqual({
      status: 200,
      body: group(1, 'Form', 0, true),
    });
  });

  it('assigns accounts, lists a group, and deletes a group keeping its accounts', async () => {
    const [a, b, c] = [await account('a'), await account('b'), await account('c')];
    await call('POST', '/api/v1/groups', { name: 'Work' });
    await call('POST', '/api/v1/groups', { name: 'Home' });
    expect((await call('POST', '/api/v1/groups/1/assign', { ids: [a, b, 999, 99999999999] })).json()).toEqual(
      group(1, 'Work', 2),
    );
    expect((await call('POST', '/api/v1/groups/2/assign', { ids: [b] })).json()).toEqual(group(2, 'Home', 1));
    const listed = await call('GET', '/api/v1/groups/1/twofaccounts');
    expect(listed.json()).toEqual([
      {
        id: a,
        group_id: 1,
        otp_type: 'totp',
        account: 'a',
        service: null,
        icon: null,
        digits: 6,
        algorithm: 'sha1',
        period: 30,
        counter: null,
      },
    ]);
    expect((await call('GET', '/api/v1/groups/0/twofaccounts')).json<unknown[]>()).toHaveLength(3);
    await call('PUT', '/api/v1/settings/defaultGroup', { value: 1 });
    await call('PUT', '/api/v1/settings/activeGroup', { value: 1 });
    expect((await call('DELETE', '/api/v1/groups/1')).statusCode).toBe(204);
    expect((await call('GET', '/api/v1/settings/defaultGroup')).json()).toEqual({
      key: 'defaultGroup',
      value: 0,
    });
    expect((await call('GET', '/api/v1/settings/activeGroup')).json()).toEqual({
      key: 'activeGroup',
      value: 0,
    });
    expect((await call('GET', `/api/v1/twofaccounts/${a}`)).json()).toMatchObject({ id: a, group_id: null });
    expect((await call('GET', '/api/v1/twofaccounts/count')).json()).toMatchObject({ count: 3 });
    expect(c).toBe(3);
  });

  it('validates assign bodies', async () => {
    await call('POST', '/api/v1/groups', { name: 'Work' });
    const cases: [unknown, unknown][] = [
      [{}, err('ids', 'The ids field is required.')],
      [{ ids: [] }, err('ids', 'The ids field is required.')],
      [{ ids: 1 }, err('ids', 'The ids field must be an array.')],
      [{ ids: ['x'] }, err('ids.0', 'The ids.0 field must be an integer.')],
    ];
    for (const [body, expected] of cases) {
      const response = await call('POST', '/api/v1/groups/1/assign', body as never);
      expect({ body, json: response.json() }).toEqual({ body, json: expected });
    }
  });

  it('reorders groups by slots; unknown ids and 0 ignored', async () => {
    for (const name of ['A', 'B', 'C', 'D']) await call('POST', '/api/v1/groups', { name });
    expect((await call('POST', '/api/v1/groups/reorder', { orderedIds: [4, 3, 2, 1] })).json()).toEqual({
      message: 'order saved',
      orderedIds: [4, 3, 2, 1],
    });
    expect((await call('POST', '/api/v1/groups/reorder', { orderedIds: [1, 0, 77, 3] })).json()).toEqual({
      message: 'order saved',
      orderedIds: [4, 1, 2, 3],
    });
    const names = (await call('GET', '/api/v1/groups')).json<{ name: string }[]>().map((g) => g.name);
    expect(names).toEqual(['All', 'D', 'A', 'B', 'C']);
    const bad: [unknown, unknown][] = [
      [{}, err('orderedIds', 'The ordered ids field is required.')],
      [{ orderedIds: '3,2,1' }, err('orderedIds', 'The ordered ids field must be an array.')],
      [{ orderedIds: ['a'] }, err('orderedIds.0', 'The ordered ids.0 field must be an integer.')],
      [{ orderedIds: [1, 1] }, err('orderedIds.1', 'The ordered ids.1 field has a duplicate value.')],
    ];
    for (const [body, expected] of bad)
      expect((await call('POST', '/api/v1/groups/reorder', body as never)).json()).toEqual(expected);
  });
});

describeEachDatabase('groups created at the same time', (t) => {
  it('answers 422 to all but one of concurrent creations of the same name, never 500', async () => {
    const token = await createUserWithToken(t.db);
    const call = bearerCaller(t, () => token);
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        call('POST', '/api/v1/groups', { name: index % 2 ? 'Shared' : 'shared' }).then((r) => r.statusCode),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 201).every((status) => status === 422)).toBe(true);
  });
});
