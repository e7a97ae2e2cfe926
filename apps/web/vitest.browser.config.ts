import { defineConfig } from 'vitest/config';

// Browser journeys: playwright-core drives Debian's Chromium against the built app served by the
// real server (apps/api/dist) on an embedded database. One file at a time: each starts a server.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    // Under CI load one journey (signing out in German, languages.browser.test.ts) has stalled once
    // in several runs without a cause found yet: a failed test is tried once more there, and a
    // test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
