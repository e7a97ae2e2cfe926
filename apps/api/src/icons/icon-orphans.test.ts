import { beforeEach, expect, it } from 'vitest';
import { bearerCaller, createUserWithToken, multipart } from '../test/auth-helpers.js';
import { describeEachDatabase } from '../test/harness.js';
import { storedIcons } from '../test/stored-icons.js';
import { MAX_PENDING_ICONS, PENDING_ICON_TTL_MS } from './icons.service.js';

const svgIcon = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}"><rect width="${n}" height="${n}"/></svg>`;

describeEachDatabase('icons no account uses do not pile up', (t) => {
  let token = '';
  const call = bearerCaller(t, () => token);
  const upload = async (value: string) => {
    const form = multipart([{ name: 'icon', value, filename: 'x.svg', contentType: 'image/svg+xml' }]);
    const response = await call('POST', '/api/v1/icons', form.payload, form.headers);
    expect(response.statusCode).toBe(201);
    return response.json<{ filename: string }>().filename;
  };
  let before = new Set<string>();
  /** The icons written by this test (the folder outlives a test's database). */
  const files = async () => (await storedIcons(t)).filter((name) => !before.has(name));
  beforeEach(async () => {
    token = await createUserWithToken(t.db);
    before = new Set(await storedIcons(t));
  });

  it('default-icon fetches and uploads no account took are gone once the time limit has passed', async () => {
    for (let i = 0; i < 20; i++) {
      expect((await call('POST', '/api/v1/icons/default', { service: 'GitHub' })).statusCode).toBe(201);
      await upload(svgIcon(7));
    }
    expect(await files()).toHaveLength(40);
    t.clock.advance(PENDING_ICON_TTL_MS / 1000 + 1);
    const last = await call('POST', '/api/v1/icons/default', { service: 'GitHub' });
    expect(await files()).toEqual([last.json<{ filename: string }>().filename]);
  });

  it('a new icon purges the unused ones older than the time limit at once; used ones stay', async () => {
    const orphans = [await upload(svgIcon(1)), await upload(svgIcon(2))];
    const used = await upload(svgIcon(3));
    expect(
      (await call('POST', '/api/v1/twofaccounts', { account: 'a', otp_type: 'totp', icon: used })).statusCode,
    ).toBe(201);
    t.clock.advance(PENDING_ICON_TTL_MS / 1000 + 1);
    const fresh = await upload(svgIcon(4));
    expect((await files()).sort()).toEqual([used, fresh].sort());
    const currentFiles = await files();
    expect(orphans.some((name) => currentFiles.includes(name))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/storage/icons/${used}` })).statusCode).toBe(200);
  });

  it('keeps at most MAX_PENDING_ICONS awaiting an account, dropping the oldest', async () => {
    const old = await upload(svgIcon(1));
    t.clock.advance(1);
    const now = t.clock.now();
    await t.db
      .insertInto('pending_icons')
      .values(
        Array.from({ length: MAX_PENDING_ICONS }, (_, i) => ({
          filename: `${String(i).padStart(40, 'A')}.png`,
          created_at: now,
        })),
      )
      .execute();
    t.clock.advance(1);
    const fresh = await upload(svgIcon(2));
    expect(await files()).toEqual([fresh]);
    expect(await files()).not.toContain(old);
    const pending = await t.db.selectFrom('pending_icons').select('filename').execute();
    expect(pending.length).toBe(MAX_PENDING_ICONS);
  });
});
