import { describe, expect, it } from 'vitest';
import { screenshots } from './harness';
import { apiCall } from './accounts-helpers';
import { registerByApi } from './identity';
import { perTestSessions } from './per-test';

/** The tags list request, with or without a query string. */
const TAGS_LIST = /\/api\/v1\/tags(\?.*)?$/;

describe("a data route's error", () => {
  const session = perTestSessions();

  it('says which page failed and offers Retry, which shows the data once the server answers', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await apiCall(page, 'POST', `${server.url}/api/v1/tags`, { name: 'Work' });
    // The list's request fails (a server error) until the route is removed.
    let refused = 0;
    await page.route(TAGS_LIST, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      refused += 1;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"Server Error"}',
      });
    });

    await page.goto(`${server.url}/tags`);
    await page.getByText('Could not load “Tags”.').waitFor();
    await page.getByText('Server Error').waitFor();
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    // The route's own screen, not the global error page.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/tags');
    await screenshots(page, 'route-error');

    await page.unroute(TAGS_LIST);
    const refusedBefore = refused;
    await retry.click();
    await page.getByText('Work', { exact: true }).waitFor();
    await expect.poll(() => page.getByText('Could not load “Tags”.').count()).toBe(0);
    expect(refused).toBe(refusedBefore);
  });
});

describe("a data route's first visit", () => {
  const session = perTestSessions();

  it('asks for the groups, the tags and the trash once each: the screen reads what its loader fetched', async () => {
    const { page, server } = session;
    await registerByApi(page, server.url);
    await apiCall(page, 'POST', `${server.url}/api/v1/tags`, { name: 'Work' });
    for (const [path, heading] of [
      ['/groups', 'Groups'],
      ['/tags', 'Tags'],
      ['/trash', 'Trash'],
    ] as const) {
      const fetches: string[] = [];
      const count = (request: { url: () => string; method: () => string }) => {
        if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/v1${path}`)
          fetches.push(request.url());
      };
      page.on('request', count);
      // A new page load: nothing of the list is in the cache yet.
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      page.off('request', count);
      expect({ path, fetches: fetches.length }).toEqual({ path, fetches: 1 });
    }
  });
});
