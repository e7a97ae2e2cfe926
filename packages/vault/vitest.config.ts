import { defineConfig } from 'vitest/config';

// The same cases run in Node (vault.test.ts) and in Debian's Chromium (chromium.test.ts, which
// bundles them with esbuild and drives the page with playwright-core).
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
