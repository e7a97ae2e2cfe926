import { expect, it } from 'vitest';
import { type SessionClient, john, registerWithSession } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

describeEachDatabase('exports that carry notes and recovery codes', (t) => {
  /** A signed-in browser with one account that has a note and a code, and one with neither. */
  async function setUp(): Promise<{ client: SessionClient; withExtras: number; plain: number }> {
    const client = await registerWithSession(t);
    const create = async (account: string) =>
      (
        await client.request('POST', '/api/v1/twofaccounts', { account, otp_type: 'totp', secret: SECRET })
      ).json<{ id: number }>().id;
    const withExtras = await create('bob');
    const plain = await create('carol');
    const stored = await client.request('PUT', `/api/v1/twofaccounts/${withExtras}/recovery`, {
      note: 'The blue phone',
      recovery_codes: [{ code: 'zz-99' }],
    });
    expect(stored.statusCode).toBe(200);
    return { client, withExtras, plain };
  }

  it('asks a web session for its identity confirmation before an Aegis vault carries them', async () => {
    const { client, withExtras } = await setUp();
    const refused = [
      await client.request('GET', `/api/v1/twofaccounts/export?ids=${withExtras}&format=aegis`),
      await client.request('GET', '/api/v1/twofaccounts/export?format=aegis'),
      await client.request('POST', '/api/v1/twofaccounts/export', {
        ids: String(withExtras),
        format: 'aegis',
        password: 'vault-pass',
      }),
    ];
    for (const response of refused) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Confirm your identity to see this (password or security device).',
        reason: 'identity_confirmation_required',
      });
      expect(response.body).not.toContain('zz-99');
      expect(response.body).not.toContain('blue phone');
    }

    expect((await client.request('POST', '/user/confirm', { password: john.password })).statusCode).toBe(200);
    const shown = await client.request('GET', `/api/v1/twofaccounts/export?ids=${withExtras}&format=aegis`);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('zz-99');
    expect(shown.body).toContain('The blue phone');
    const encrypted = await client.request('POST', '/api/v1/twofaccounts/export', {
      ids: String(withExtras),
      format: 'aegis',
      password: 'vault-pass',
    });
    expect(encrypted.statusCode).toBe(200);

    // Five minutes on, the confirmation has lapsed.
    t.clock.advance(5 * 60 + 1);
    const lapsed = await client.request('GET', `/api/v1/twofaccounts/export?ids=${withExtras}&format=aegis`);
    expect(lapsed.statusCode).toBe(403);
  });

  it('exports without confirmation what carries neither, in every format', async () => {
    const { client, plain } = await setUp();
    const aegis = await client.request('GET', `/api/v1/twofaccounts/export?ids=${plain}&format=aegis`);
    expect(aegis.statusCode).toBe(200);
    expect(aegis.json()).toMatchObject({ db: { entries: [{ name: 'carol', note: '' }] } });
    for (const format of ['2fauth', 'otpauth', 'txt', 'gmigration']) {
      const response = await client.request('GET', `/api/v1/twofaccounts/export?format=${format}`);
      expect(response.statusCode, format).toBe(200);
      expect(response.body, format).not.toContain('zz-99');
    }
  });
});
