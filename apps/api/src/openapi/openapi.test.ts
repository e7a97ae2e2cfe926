import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildOfflineApp, generateOpenApiYaml } from './generate.js';

it('openapi.yaml is what the route schemas produce (run `pnpm openapi` after changing a route)', async () => {
  const committed = readFileSync(fileURLToPath(new URL('../../../../openapi.yaml', import.meta.url)), 'utf8');
  expect(await generateOpenApiYaml()).toBe(committed);
});

it('every route has an operationId, a tag and a summary', async () => {
  const YAML = await import('yaml');
  const document = YAML.parse(await generateOpenApiYaml()) as {
    paths: Record<string, Record<string, { operationId?: string; tags?: string[]; summary?: string }>>;
  };
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!operation.operationId) problems.push(`${method} ${path}: no operationId`);
      else if (ids.has(operation.operationId)) problems.push(`${method} ${path}: duplicate operationId`);
      else ids.add(operation.operationId);
      if (!operation.tags?.length) problems.push(`${method} ${path}: no tag`);
      if (!operation.summary) problems.push(`${method} ${path}: no summary`);
    }
  }
  expect(problems).toEqual([]);
});

it('every response schema compiles to a serialiser (they are compiled on first use, not at start)', async () => {
  const app = await buildOfflineApp();
  try {
    await app.ready();
    const compiled = app.compileSerializers();
    expect(compiled).toBeGreaterThan(100);
    // Compiled once: nothing is left for a second call.
    expect(app.compileSerializers()).toBe(0);
  } finally {
    await app.close();
  }
});
