import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { ImportRow } from '../src/index.js';
import { SEVEN, fields } from './helpers.js';

export type Vector = ReturnType<typeof fields>;

/**
 * Real export files of other apps, copied from Aegis's importer tests
 * (github.com/beemdevelopment/Aegis, app/src/test/resources/com/beemdevelopment/aegis/importers/);
 * see fixtures/aegis/README.md. Their passwords are Aegis's test passwords.
 */
export function aegisFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/aegis/${name}`, import.meta.url)));
}

export const aegisText = (name: string): string => new TextDecoder().decode(aegisFixture(name));

/**
 * Each row is the test vector with the same secret (Aegis's files hold a subset of the seven,
 * in the app's own order), with `change` applied to the vector for what the app cannot store.
 */
export function expectVectors(
  rows: readonly ImportRow[],
  count: number,
  change: (vector: Vector) => Vector = (vector) => vector,
): void {
  expect(rows.map((row) => row.error)).toEqual(rows.map(() => undefined));
  expect(rows.map(fields)).toEqual(
    rows.map((row) => {
      const vector = SEVEN.find((candidate) => candidate.secret === row.secret);
      return vector ? change({ ...vector }) : 'no vector with this secret';
    }),
  );
  expect(rows).toHaveLength(count);
}
