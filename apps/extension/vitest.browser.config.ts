import { defineConfig } from 'vitest/config';

// The extension in Debian's Chromium (playwright-core, headless new mode) against the built
// server; every read of a page is a waiting assertion.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    retry: 0,
    expect: { poll: { timeout: 15_000, interval: 100 } },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
