import { createHash } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';

const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const svg = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"><rect width="${n}" height="${n}"/></svg>`;

describeEachDatabase('icon digests', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
  });

  const upload = async (value: Buffer | string) => {
    const form = multipart([
      { name: 'icon', value, filename: 'x.png', contentType: 'application/octet-stream' },
    ]);
    const response = await call('POST', '/api/v1/icons', form.payload, form.headers);
    expect(response.statusCode).toBe(201);
    return response.json<{ filename: string }>().filename;
  };
  const account = async (service: string, icon: string | null) => {
    const body = { service, account: 'me', otp_type: 'totp', secret: 'JBSWY3DPEHPK3PXP', icon };
    const response = await call('POST', '/api/v1/twofaccounts', body);
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>().id;
  };
  const digests = async () => {
    const response = await call('GET', '/api/v1/icons/digests');
    expect(response.statusCode).toBe(200);
    return response.json<{ digests: Record<string, string> }>().digests;
  };

  it("names the accounts' icons by their image: the same image in two files, one digest", async () => {
    expect(await digests()).toEqual({});
    const first = await upload(PNG_1x1);
    const second = await upload(PNG_1x1);
    const other = await upload(svg(3));
    const unused = await upload(svg(4));
    await account('GitHub', first);
    await account('GitHub', second);
    const gone = await account('GitLab', other);
    await account('Plain', null);

    const named = await digests();
    expect(Object.keys(named).sort()).toEqual([first, second, other].sort());
    expect(named[first]).toMatch(/^[0-9a-f]{32}$/);
    expect(named[second]).toBe(named[first]);
    expect(named[other]).not.toBe(named[first]);
    expect(named).not.toHaveProperty(unused);
    // Keyed: not the plain hash of the image, which would name a public logo to anyone.
    const plain = createHash('sha256').update(PNG_1x1).digest('hex');
    expect(plain.startsWith(named[first]!)).toBe(false);
    // The same on the next call (kept by name), and an account deleted takes its icon out.
    expect(await digests()).toEqual(named);
    expect((await call('DELETE', `/api/v1/twofaccounts/${gone}`)).statusCode).toBe(204);
    expect(Object.keys(await digests()).sort()).toEqual([first, second].sort());
  });

  it('needs a signed-in user or a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/icons/digests' });
    expect(response.statusCode).toBe(401);
  });
});
