import { defineConfig } from 'vitest/config';

// Parsing and comparing two whole OpenAPI documents takes a second alone, more on a busy machine.
// --expose-gc: network-gc.test.ts checks that a request's timeout survives a garbage collection.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    execArgv: ['--expose-gc'],
  },
});
