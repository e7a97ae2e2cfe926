import { defineConfig } from 'vitest/config';

// Browser journeys: playwright-core drives Debian's Chromium against the built app served by the
// real server (apps/api/dist) on an embedded database. One file at a time: each starts a server.
// No retry: every read of the page is a waiting assertion (`expect.poll` or a locator's `waitFor`),
// so a slow machine waits longer instead of failing; a failure is a failure.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    environment: 'node',
    // Sets up one new install's data folder that every server of the run starts on a copy of.
    globalSetup: ['test/browser/empty-install.ts'],
    fileParallelism: false,
    retry: 0,
    // A loaded machine (CI, two cores) can take seconds to render what a read waits for.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
