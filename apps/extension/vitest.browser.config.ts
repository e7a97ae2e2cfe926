import { defineConfig } from 'vitest/config';

// The built extension in Debian's Chromium (playwright-core, headless) against the built server
// (`pnpm build` first). No retry: every read of a page is a waiting assertion.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    environment: 'node',
    fileParallelism: false,
    retry: 0,
    // A loaded machine (CI, two cores) can take seconds to render what a read waits for.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
