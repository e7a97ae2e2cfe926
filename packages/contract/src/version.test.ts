import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SDK_VERSION } from './index.js';

it('SDK_VERSION is the version of the package', () => {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  expect(SDK_VERSION).toBe(pkg.version);
});
