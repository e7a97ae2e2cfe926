import { cases } from './cases.js';

/* The page side of chromium.test.ts: runs every shared case in order and reports each outcome. */

declare global {
  var runVaultCases: () => Promise<{ name: string; error: string | null }[]>;
}

globalThis.runVaultCases = async () => {
  const results: { name: string; error: string | null }[] = [];
  for (const { name, run } of cases) {
    try {
      await run();
      results.push({ name, error: null });
    } catch (error) {
      results.push({
        name,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      });
    }
  }
  return results;
};
