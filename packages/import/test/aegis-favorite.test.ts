import { expect, it } from 'vitest';
import { parseImport } from '../src/index.js';

const entry = (name: string, favorite: unknown) => ({
  type: 'totp',
  uuid: '01234567-89ab-4cde-8f01-23456789abcd',
  name,
  issuer: 'Service',
  note: '',
  favorite,
  icon: null,
  info: { secret: 'A4GRFHVVRBGY7UIW', algo: 'SHA1', digits: 6, period: 30 },
  groups: [],
});

it("reads Aegis's favorite: starred rows carry favorite, the others nothing", async () => {
  const vault = {
    version: 1,
    header: { slots: null, params: null },
    db: { version: 3, entries: [entry('a', true), entry('b', false), entry('c', 'yes')], groups: [] },
  };
  const result = await parseImport(JSON.stringify(vault));
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.rows.map((row) => [row.account, row.favorite])).toEqual([
    ['a', true],
    ['b', undefined],
    ['c', undefined],
  ]);
});
