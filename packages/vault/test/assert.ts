import { isVaultError, type VaultErrorCode } from '../src/index.js';

/*
 * Assertions for the shared cases (cases.ts): plain functions that throw, so the same cases run
 * under vitest in Node and in a Chromium page without a test framework.
 */

const shown = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? `bytes:${[...v].join(',')}` : v));

export function equal(actual: unknown, expected: unknown, what = 'value'): void {
  if (shown(actual) !== shown(expected))
    throw new Error(`${what}: expected ${shown(expected)}, got ${shown(actual)}`);
}

export function ok(condition: boolean, what: string): void {
  if (!condition) throw new Error(`not true: ${what}`);
}

/** Awaits `action` and checks that it fails with the vault error `code`. */
export async function failsWith(action: () => Promise<unknown>, code: VaultErrorCode): Promise<void> {
  let error: unknown;
  try {
    await action();
  } catch (caught) {
    error = caught;
  }
  if (!isVaultError(error, code))
    throw new Error(
      `expected VaultError ${code}, got ${error instanceof Error ? error.message : 'no error'}`,
    );
}
