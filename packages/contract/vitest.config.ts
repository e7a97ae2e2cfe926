import { defineConfig } from 'vitest/config';

// Parsing and comparing two whole OpenAPI documents takes a second alone, more on a busy machine.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 30_000 },
});
