import { defineConfig } from 'vitest/config';

// Each test spawns the tool (a Node start) against a real server: seconds, not milliseconds.
export default defineConfig({
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 60_000 },
});
