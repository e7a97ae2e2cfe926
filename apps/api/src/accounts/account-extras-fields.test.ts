import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, switchEncryption } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

interface Revealed {
  note: string | null;
  recovery_codes: { id: number; code: string; used_at: string | null }[];
}

describeEachDatabase('account create and update with tags, note, recovery codes and star', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const reveal = async (id: number) =>
    (await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json<Revealed>();

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('a create stores them in one go, sealed when encryption is on; 2FAuth answers stay as they were', async () => {
    expect((await switchEncryption(t, true)).statusCode).toBe(200);
    const created = await call('POST', '/api/v1/twofaccounts', {
      account: 'alice',
      service: 'Mail',
      otp_type: 'totp',
      secret: SECRET,
      tags: ['Work', 'Mail'],
      note: 'Backup phone in the drawer',
      recovery_codes: [{ code: 'aaaa-1111' }, { code: 'bbbb-2222', used_at: '2026-01-02T03:04:05.000Z' }],
      favorite: true,
    });
    expect(created.statusCode).toBe(201);
    // Without withExtras, the answer is 2FAuth's: nothing of Twofold's own fields.
    const body = created.json<Record<string, unknown>>();
    for (const key of ['tags', 'has_note', 'recovery_codes', 'favorite'])
      expect(body).not.toHaveProperty(key);
    expect(created.body).not.toContain('aaaa-1111');
    const id = body.id as number;

    const read = (await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json<
      Record<string, unknown>
    >();
    expect(read).toMatchObject({
      favorite: true,
      has_note: true,
      recovery_codes: { total: 2, unused: 1 },
      tags: ['Mail', 'Work'],
    });
    const revealed = await reveal(id);
    expect(revealed.note).toBe('Backup phone in the drawer');
    expect(revealed.recovery_codes.map((code) => [code.code, code.used_at])).toEqual([
      ['aaaa-1111', null],
      ['bbbb-2222', '2026-01-02T03:04:05.000Z'],
    ]);
    const stored = JSON.stringify([
      await t.db.selectFrom('account_notes').selectAll().execute(),
      await t.db.selectFrom('recovery_codes').selectAll().execute(),
    ]);
    expect(stored).not.toContain('aaaa-1111');
    expect(stored).not.toContain('drawer');
  });

  it('the URI form takes them too', async () => {
    const created = await call('POST', '/api/v1/twofaccounts?withExtras=1', {
      uri: `otpauth://totp/Shop:bob?secret=${SECRET}&issuer=Shop`,
      tags: ['Shopping'],
      note: 'Card ends 42',
      recovery_codes: [{ code: 'zz-99' }],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      tags: ['Shopping'],
      has_note: true,
      recovery_codes: { total: 1, unused: 1 },
    });
    expect(created.json()).not.toHaveProperty('favorite');
  });

  it('an update changes what it sends and keeps what it does not (a 2FAuth update loses nothing)', async () => {
    const id = (
      await call('POST', '/api/v1/twofaccounts', {
        account: 'carol',
        otp_type: 'totp',
        secret: SECRET,
        tags: ['Home'],
        note: 'first note',
        recovery_codes: [{ code: 'c1' }, { code: 'c2' }],
        favorite: true,
      })
    ).json<{ id: number }>().id;
    const [code1] = (await reveal(id)).recovery_codes;
    await call('PATCH', `/api/v1/twofaccounts/${id}/recovery-codes/${code1!.id}`, { used: true });
    const order = (await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json<{
      favorite_order: number;
    }>().favorite_order;

    // A 2FAuth-shaped update: tags, note, codes and star all stay.
    const plain = {
      account: 'carol',
      service: null,
      icon: null,
      otp_type: 'totp',
      secret: SECRET,
      digits: 6,
      algorithm: 'sha1',
    };
    expect((await call('PUT', `/api/v1/twofaccounts/${id}`, plain)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json()).toMatchObject({
      tags: ['Home'],
      has_note: true,
      recovery_codes: { total: 2, unused: 1 },
      favorite: true,
      favorite_order: order,
    });

    // Starred again: the favourite keeps its place.
    await call('PUT', `/api/v1/twofaccounts/${id}`, { ...plain, favorite: true });
    expect((await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json()).toMatchObject({
      favorite_order: order,
    });

    // Everything changed at once; a code kept keeps its used date.
    const updated = await call('PUT', `/api/v1/twofaccounts/${id}?withExtras=1`, {
      ...plain,
      tags: ['Work'],
      note: null,
      recovery_codes: [{ code: 'c1' }, { code: 'c3' }],
      favorite: false,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      tags: ['Work'],
      recovery_codes: { total: 2, unused: 1 },
    });
    expect(updated.json()).not.toHaveProperty('favorite');
    expect(updated.json()).not.toHaveProperty('has_note');
    const revealed = await reveal(id);
    expect(revealed.note).toBeNull();
    expect(revealed.recovery_codes.map((code) => [code.code, code.used_at !== null])).toEqual([
      ['c1', true],
      ['c3', false],
    ]);
  });

  it('bad values are 422s naming the field, and nothing is stored', async () => {
    const bad = await call('POST', '/api/v1/twofaccounts', {
      account: 'dave',
      otp_type: 'totp',
      secret: SECRET,
      note: 'x'.repeat(10_001),
      recovery_codes: [{ code: '' }],
      favorite: 'yes please',
    });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(['note', 'recovery_codes.0.code', 'favorite']),
    );
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toEqual([]);
  });
});
