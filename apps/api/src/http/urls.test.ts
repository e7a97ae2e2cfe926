import { expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('request lines', (t) => {
  it('answers URLs with broken escapes with the 2FAuth envelope, without echoing the path', async () => {
    const long = `/api/v1/settings/${'k'.repeat(300)}`;
    for (const url of ['/%zz', '/storage/icons/%ff', '/api/v1/groups/%E0%A4%A', '/user/%', long]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('%');
      expect(response.body, url).not.toContain('kkk');
      expect(Object.keys(response.json<Record<string, unknown>>()), url).toEqual(['message']);
    }
  });

  it('lists only the methods of the matched path in a 405', async () => {
    const token = await createUserWithToken(t.db);
    const response = await bearerCaller(t, () => token)('POST', '/api/v1/twofaccounts/count');
    expect(response.statusCode).toBe(405);
    expect(response.json<{ message: string }>().message).toMatch(/Supported methods: GET, HEAD\.?$/);
  });
});
