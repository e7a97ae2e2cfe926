import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount, SECRET } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/** A 32×32 PNG: a disc of one grey on a transparent background, like a one-colour logo. */
function discPng(grey: number): Buffer {
  const size = 32;
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const inside = (x - 15.5) ** 2 + (y - 15.5) ** 2 < 12 ** 2;
      rows.push(grey, grey, grey, inside ? 255 : 0);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function uploadIcon(page: Page, url: string, name: string, png: Buffer): Promise<string> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post(`${url}/api/v1/icons`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    multipart: { icon: { name, mimeType: 'image/png', buffer: png } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { filename: string }).filename;
}

/** The luminance of a CSS colour as the page computes it (0 black, 1 white); NaN unless opaque. */
function luminanceOf(color: string): number {
  const [r, g, b, alpha = 1] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return alpha < 1 ? NaN : (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
}

describe('logos sit on the plate their artwork needs', () => {
  const session = perTestSessions({
    setUp: async ({ page }, server) => {
      await registerByApi(page, server.url);
      for (const [service, grey] of [
        ['White Logo', 255],
        ['Black Logo', 0],
      ] as const) {
        const icon = await uploadIcon(page, server.url, `${service}.png`, discPng(grey));
        await createAccount(page, server.url, {
          service,
          account: 'me',
          otp_type: 'totp',
          secret: SECRET,
          icon,
        });
      }
    },
  });

  it('white artwork on a dark plate and black artwork on a light one, in both themes', async () => {
    const { page, server } = session;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(`${server.url}/accounts?toRefresh=true`);
      const plateOf = async (service: string) => {
        const logo = page.getByRole('listitem').filter({ hasText: service }).locator('img');
        await expect.poll(() => logo.getAttribute('data-plate'), { timeout: 5_000 }).not.toBeNull();
        return luminanceOf(await logo.evaluate((image) => getComputedStyle(image).backgroundColor));
      };
      await expect.poll(() => plateOf('White Logo'), { message: scheme }).toBeLessThan(0.25);
      await expect.poll(() => plateOf('Black Logo'), { message: scheme }).toBeGreaterThan(0.75);
    }
  });

  it('a plate is decided once per logo file and kept for the next visits', async () => {
    const { page, server } = session;
    const logo = (service: string) => page.getByRole('listitem').filter({ hasText: service }).locator('img');
    await page.goto(`${server.url}/accounts`);
    await expect.poll(() => logo('White Logo').getAttribute('data-plate')).toBe('dark');
    const kept = () =>
      page.evaluate(() =>
        Object.values(
          JSON.parse(localStorage.getItem('twofold:logo-plates') ?? '{}') as Record<string, string>,
        ),
      );
    await expect.poll(async () => (await kept()).sort()).toEqual(['dark', 'light']);
    // The next visit draws the plate with the row, though its image never arrives.
    await page.route(/\/storage\/icons\//, () => undefined);
    await page.reload({ waitUntil: 'commit' });
    await expect.poll(() => logo('White Logo').getAttribute('data-plate')).toBe('dark');
    await expect.poll(() => logo('Black Logo').getAttribute('data-plate')).toBe('light');
  });
});
