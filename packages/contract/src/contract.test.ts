import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { expect, it } from 'vitest';

it('src/schema.d.ts is what openapi-typescript makes of openapi.yaml (run `pnpm openapi`)', async () => {
  const specUrl = new URL('../../../openapi.yaml', import.meta.url);
  const generated = astToString(await openapiTS(specUrl));
  const committed = readFileSync(fileURLToPath(new URL('./schema.d.ts', import.meta.url)), 'utf8');
  // The CLI adds a banner; compare the declarations themselves.
  const body = (text: string) => text.slice(text.indexOf('export '));
  expect(body(committed)).toBe(body(generated));
});
