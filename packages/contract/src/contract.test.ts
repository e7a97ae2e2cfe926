import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations
import { generateSchemaTypes } from '../scripts/generate.mjs';

it('src/schema.d.ts is what openapi-typescript makes of openapi.yaml (run `pnpm openapi`)', async () => {
  const committed = readFileSync(fileURLToPath(new URL('./schema.d.ts', import.meta.url)), 'utf8');
  expect(committed).toBe(await (generateSchemaTypes as () => Promise<string>)());
});
