import { expect, it } from 'vitest';
import { bearerCaller, createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

describeEachDatabase('access log', (t) => {
  it('writes one compact line per request: method, route pattern, status, time', async () => {
    const token = await createUserWithToken(t.db);
    t.logs.length = 0;
    const response = await bearerCaller(t, () => token)(
      'GET',
      '/api/v1/twofaccounts/12345?withSecret=needle',
    );
    expect(response.statusCode).toBe(404);
    const lines = t.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      route: '/api/v1/twofaccounts/:id',
      status: 404,
    });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(t.logs[0]).not.toContain('needle');
    expect(t.logs[0]).not.toContain('12345');
  });
});
