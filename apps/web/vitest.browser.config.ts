import { defineConfig } from 'vitest/config';

// Browser journeys: playwright-core drives Debian's Chromium against the built app served by the
// real server (apps/api/dist) on an embedded database. One file at a time: each starts a server.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
