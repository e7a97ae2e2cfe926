import { beforeEach, expect, it } from 'vitest';
import {
  bearerCaller,
  createUserWithToken,
  john,
  registerWithSession,
  switchEncryption,
} from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

describeEachDatabase('notes and recovery codes', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const newAccount = async (name = 'alice') =>
    (await call('POST', '/api/v1/twofaccounts', { account: name, otp_type: 'totp', secret: SECRET })).json<{
      id: number;
    }>().id;

  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  it('stores note and codes encrypted at rest, counts them in lists with withExtras only', async () => {
    const id = await newAccount();
    expect((await switchEncryption(t, true)).statusCode).toBe(200);
    const written = await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      note: 'Backup phone: +33 6 12',
      recovery_codes: [{ code: 'aaaa-1111' }, { code: ' bbbb-2222 ' }, { code: 'cccc-3333' }],
    });
    expect(written.json()).toEqual({ has_note: true, recovery_codes: { total: 3, unused: 3 } });

    // The rows hold ciphertext, never the values.
    const note = await t.db.selectFrom('account_notes').selectAll().executeTakeFirstOrThrow();
    expect(note.note).toMatch(/^v1:/);
    const codes = await t.db.selectFrom('recovery_codes').selectAll().orderBy('position').execute();
    expect(codes).toHaveLength(3);
    for (const row of codes) expect(row.code).toMatch(/^v1:/);
    const raw = JSON.stringify([note, codes]);
    expect(raw).not.toContain('aaaa-1111');
    expect(raw).not.toContain('Backup phone');

    // Lists: nothing new without the flag; counts only with it.
    const plain = (await call('GET', '/api/v1/twofaccounts')).json<Record<string, unknown>[]>();
    expect(Object.keys(plain[0] ?? {})).not.toContain('recovery_codes');
    expect(JSON.stringify(plain)).not.toContain('aaaa');
    const extras = await call('GET', '/api/v1/twofaccounts?withExtras=1');
    expect(extras.json()).toEqual([
      expect.objectContaining({ id, has_note: true, recovery_codes: { total: 3, unused: 3 } }),
    ]);
    expect(extras.body).not.toContain('aaaa');
    expect((await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json()).toMatchObject({
      has_note: true,
      recovery_codes: { total: 3, unused: 3 },
    });
    expect((await call('GET', `/api/v1/groups/0/twofaccounts?withExtras=1`)).json()).toEqual([
      expect.objectContaining({ has_note: true }),
    ]);

    // A token reveals without confirmation.
    const revealed = (await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json<{
      note: string;
      recovery_codes: { id: number; code: string; used_at: string | null }[];
    }>();
    expect(revealed.note).toBe('Backup phone: +33 6 12');
    expect(revealed.recovery_codes.map((code) => [code.code, code.used_at])).toEqual([
      ['aaaa-1111', null],
      ['bbbb-2222', null],
      ['cccc-3333', null],
    ]);

    // Mark one used (dated), then replace the list: a code kept keeps its date.
    const first = revealed.recovery_codes[0]!;
    const marked = await call('PATCH', `/api/v1/twofaccounts/${id}/recovery-codes/${first.id}`, {
      used: true,
    });
    expect(marked.json()).toEqual({ id: first.id, used_at: t.clock.now().toISOString() });
    await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      recovery_codes: [{ code: 'dddd-4444' }, { code: 'aaaa-1111' }],
    });
    const again = (await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json<typeof revealed>();
    expect(again.note).toBe('Backup phone: +33 6 12');
    expect(again.recovery_codes.map((code) => [code.code, code.used_at])).toEqual([
      ['dddd-4444', null],
      ['aaaa-1111', t.clock.now().toISOString()],
    ]);
    expect((await call('GET', `/api/v1/twofaccounts/${id}?withExtras=1`)).json()).toMatchObject({
      recovery_codes: { total: 2, unused: 1 },
    });

    // Switching encryption off writes them back in clear, and on again seals them.
    expect((await switchEncryption(t, false)).statusCode).toBe(200);
    const clear = await t.db.selectFrom('recovery_codes').select('code').orderBy('position').execute();
    expect(clear.map((row) => row.code)).toEqual(['dddd-4444', 'aaaa-1111']);
    expect((await t.db.selectFrom('account_notes').select('note').executeTakeFirstOrThrow()).note).toBe(
      'Backup phone: +33 6 12',
    );
    expect((await switchEncryption(t, true)).statusCode).toBe(200);
    expect((await t.db.selectFrom('account_notes').select('note').executeTakeFirstOrThrow()).note).toMatch(
      /^v1:/,
    );
    expect((await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json()).toMatchObject({
      note: 'Backup phone: +33 6 12',
    });

    // A null note removes it. In the trash the codes are kept (a restore brings them back) but not
    // revealed; deleting the account for good deletes everything.
    await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, { note: null });
    expect((await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json()).toMatchObject({ note: null });
    await call('DELETE', `/api/v1/twofaccounts/${id}`);
    expect((await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).statusCode).toBe(404);
    expect(await t.db.selectFrom('recovery_codes').selectAll().execute()).toHaveLength(2);
    expect((await call('DELETE', `/api/v1/trash?ids=${id}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
  });

  it('validates and answers 404 for unknown accounts and codes', async () => {
    const id = await newAccount();
    expect((await call('GET', '/api/v1/twofaccounts/99/recovery')).json()).toEqual({ message: 'not found' });
    expect((await call('PUT', '/api/v1/twofaccounts/99/recovery', { note: 'x' })).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/v1/twofaccounts/${id}/recovery-codes/12345`, { used: true })).statusCode,
    ).toBe(404);
    const long = await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, { note: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ errors: { note: [expect.any(String)] } });
    const bad = await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, { recovery_codes: 'abc' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: { recovery_codes: [expect.any(String)] } });
  });

  it('refuses a used date that is not an RFC 3339 date-time between 1970 and 9999, naming the field', async () => {
    const id = await newAccount();
    const invalid = [
      'ok',
      '2026-13-45T00:00:00Z',
      '0000-00-00',
      '+275760-09-13T00:00:00.001Z',
      '2026-02-30T00:00:00Z',
      '2026-01-01',
      '2026-01-01T24:00:00Z',
      '1969-12-31T23:59:59Z',
      '10000-01-01T00:00:00Z',
      '9999-12-31T23:00:00-05:00',
      '12',
    ];
    for (const usedAt of invalid) {
      const codes = [
        { code: 'fine', used_at: null },
        { code: 'c', used_at: usedAt },
      ];
      const written = await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, { recovery_codes: codes });
      expect(written.statusCode, usedAt).toBe(422);
      expect(written.json(), usedAt).toEqual({
        message: expect.any(String),
        errors: { 'recovery_codes.1.used_at': ['The recovery codes.1.used at field must be a valid date.'] },
      });
      const created = await call('POST', '/api/v1/twofaccounts', {
        account: 'bob',
        otp_type: 'totp',
        secret: SECRET,
        recovery_codes: codes,
      });
      expect(created.statusCode, usedAt).toBe(422);
      expect(Object.keys(created.json<{ errors: object }>().errors), usedAt).toEqual([
        'recovery_codes.1.used_at',
      ]);
    }
    // Nothing was written by the refused requests.
    expect(await t.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
    expect((await call('GET', '/api/v1/twofaccounts')).json()).toHaveLength(1);

    // Valid date-times, with an offset, fractions or the edges of the range, are kept as instants.
    const valid = [
      ['2026-07-05T12:00:00Z', '2026-07-05T12:00:00.000Z'],
      ['2026-07-05t12:00:00.123456+02:00', '2026-07-05T10:00:00.123Z'],
      ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
    ];
    const written = await call('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      recovery_codes: valid.map(([usedAt], index) => ({ code: `code-${index}`, used_at: usedAt })),
    });
    expect(written.statusCode).toBe(200);
    const revealed = (await call('GET', `/api/v1/twofaccounts/${id}/recovery`)).json<{
      recovery_codes: { used_at: string | null }[];
    }>();
    expect(revealed.recovery_codes.map((code) => code.used_at)).toEqual(valid.map(([, stored]) => stored));
  });

  it('a web session reveals only after confirming its password, for five minutes', async () => {
    await t.db.deleteFrom('personal_access_tokens').execute();
    await t.db.deleteFrom('users').execute();
    const client = await registerWithSession(t);
    const created = await client.request('POST', '/api/v1/twofaccounts', {
      account: 'bob',
      otp_type: 'totp',
      secret: SECRET,
    });
    const id = created.json<{ id: number }>().id;
    await client.request('PUT', `/api/v1/twofaccounts/${id}/recovery`, {
      recovery_codes: [{ code: 'zz-99' }],
    });

    const refused = await client.request('GET', `/api/v1/twofaccounts/${id}/recovery`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Confirm your identity to see this (password or security device).',
      reason: 'identity_confirmation_required',
    });
    expect(refused.body).not.toContain('zz-99');

    const wrong = await client.request('POST', '/user/confirm', { password: 'not it' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'Wrong password', errors: { password: ['Wrong password'] } });
    expect((await client.request('GET', `/api/v1/twofaccounts/${id}/recovery`)).statusCode).toBe(403);

    const confirmed = await client.request('POST', '/user/confirm', { password: john.password });
    expect(confirmed.json()).toEqual({
      confirmed_until: new Date(t.clock.now().getTime() + 5 * 60_000).toISOString(),
    });
    const shown = await client.request('GET', `/api/v1/twofaccounts/${id}/recovery`);
    expect(shown.json()).toMatchObject({ recovery_codes: [{ code: 'zz-99', used_at: null }] });

    t.clock.advance(5 * 60 + 1);
    expect((await client.request('GET', `/api/v1/twofaccounts/${id}/recovery`)).statusCode).toBe(403);
  });
});
