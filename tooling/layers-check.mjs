// Keeps the API's folders in layers: no folder of apps/api/src may import (directly or through
// others) a folder that imports it back. Tests are not checked. The one import allowed to run up
// is the OpenAPI generator's: it builds the whole app, as server.ts does (ARCHITECTURE.md, Layers).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const src = join(root, 'apps/api/src');
const ALLOWED = new Set(['openapi/generate.ts -> app.ts']);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'test') yield* sourceFiles(path);
    } else if (/\.ts$/.test(entry) && !/\.(test|bench)\.ts$/.test(entry)) {
      yield path;
    }
  }
}

/** A file's layer unit: its top folder under src/, or the file itself at the top. */
const unitOf = (file) => relative(src, file).split('/')[0];

const edges = new Map();
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)) {
    const target = resolve(dirname(file), match[1]).replace(/\.js$/, '.ts');
    const [from, to] = [unitOf(file), unitOf(target)];
    if (from === to) continue;
    if (ALLOWED.has(`${relative(src, file)} -> ${relative(src, target)}`)) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from).set(to, relative(src, file));
  }
}

// A unit that reaches itself again is in a cycle: report the path found.
function cycleFrom(start) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [unit, path] = stack.pop();
    for (const next of edges.get(unit)?.keys() ?? []) {
      if (next === start) return [...path, start];
      if (!seen.has(next)) {
        seen.add(next);
        stack.push([next, [...path, next]]);
      }
    }
  }
  return undefined;
}

const cycles = new Set();
for (const unit of edges.keys()) {
  const cycle = cycleFrom(unit);
  if (cycle) cycles.add([...cycle.slice(0, -1)].sort().join(' <-> '));
}
if (cycles.size > 0) {
  console.error(
    'layers-check: these folders of apps/api/src import each other (directly or through others):',
  );
  for (const cycle of cycles) console.error(`  ${cycle}`);
  process.exit(1);
}
console.log(`layers-check: ${edges.size} folders of apps/api/src in layers, no cycle.`);
