// Keeps the API's folders in layers: no folder of apps/api/src may import (directly or through
// others) a folder that imports it back. Tests are not checked. The one import allowed to run up
// is the OpenAPI generator's: it builds the whole app, as server.ts does (docs/architecture/api-server.md,
// "Layers in detail").
// Inside the API, no two files import each other (directly or through others), and no route file
// imports another route file (what two route files share lives in a schema or service module).
// Then the web app's layers (apps/web/src): see the second half of this file.
// `node tooling/layers-check.mjs [root]` checks the repository at root (the tests plant files in a copy).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = process.argv[2] ?? new URL('..', import.meta.url).pathname;
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
const fileGraph = new Map();
const apiProblems = [];
for (const file of sourceFiles(src)) {
  const text = readFileSync(file, 'utf8');
  const targets = new Set();
  fileGraph.set(file, targets);
  for (const match of text.matchAll(/^(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)) {
    const target = resolve(dirname(file), match[1]).replace(/\.js$/, '.ts');
    targets.add(target);
    if (/\.routes\.ts$/.test(file) && /\.routes\.ts$/.test(target)) {
      apiProblems.push(
        `${relative(src, file)} -> ${relative(src, target)}: a route file imports a route file`,
      );
    }
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
apiProblems.push(...fileCycles(fileGraph, src).map((cycle) => `file cycle: ${cycle}`));
if (apiProblems.length > 0) {
  console.error('layers-check: apps/api/src has file cycles or route-to-route imports:');
  for (const problem of apiProblems) console.error(`  ${problem}`);
  process.exitCode = 1;
}
if (cycles.size > 0) {
  console.error(
    'layers-check: these folders of apps/api/src import each other (directly or through others):',
  );
  for (const cycle of cycles) console.error(`  ${cycle}`);
  process.exitCode = 1;
} else {
  console.log(
    `layers-check: ${edges.size} folders of apps/api/src in layers, no cycle` +
      (apiProblems.length === 0 ? ', no file cycle, no route file importing another.' : '.'),
  );
}

checkWeb();

/** Files that import each other: a depth-first walk that meets a file still on its path. */
function fileCycles(graph, base) {
  const state = new Map();
  const found = [];
  const visit = (file, path) => {
    state.set(file, 'open');
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        found.push([...path.slice(path.indexOf(next)), next].map((f) => relative(base, f)).join(' -> '));
      } else if (!state.has(next)) visit(next, [...path, next]);
    }
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, [file]);
  return found;
}

// The web app (apps/web/src, .ts and .tsx, tests left out): its folders stand in declared layers,
// bottom first (docs/architecture/web.md, "Layers in detail"). An import goes down to a lower
// layer or stays inside its own unit (a folder, or one feature: features/<name>); every other
// import is reported:
//   - upward: to a higher layer;
//   - across: to another unit of the same layer (above all, one feature importing another);
//   - cycles: files that import each other, directly or through others.
// Static, type-only and dynamic imports (`import('...')`) all count, and so do stylesheets.
function checkWeb() {
  const web = join(root, 'apps/web/src');
  const LAYERS = [
    ['api', 'i18n', 'styles'], // the API client and the server's clock; the text catalogues; the base styles
    ['ui'], // generic widgets: no domain
    ['entities'], // the domain: queries, mutations, the data-source port, domain widgets
    ['lib'], // what features share above the domain: the routes' frame, session, query client
    ['features'], // one unit per feature: features/<name>
    ['app'], // the shell: router, root, layouts, global error handling, theme
    ['main.tsx'], // the entry point
  ];
  // "from -> to" (paths under apps/web/src) allowed against the rules, each with its reason.
  // None today.
  const WEB_ALLOWED = new Map([]);

  const layerOf = new Map(LAYERS.flatMap((names, index) => names.map((name) => [name, index])));
  const unitOf = (file) => {
    const parts = relative(web, file).split('/');
    return parts[0] === 'features' && parts.length > 2 ? `features/${parts[1]}` : parts[0];
  };
  const layerOfUnit = (unit) => layerOf.get(unit.split('/')[0]);

  function* webFiles(dir) {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) yield* webFiles(path);
      else if (/\.tsx?$/.test(entry) && !/\.(test|bench)\.tsx?$/.test(entry) && !/\.d\.ts$/.test(entry))
        yield path;
    }
  }
  const resolveImport = (file, spec) => {
    const base = resolve(dirname(file), spec);
    for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
    return undefined;
  };

  const problems = [];
  const graph = new Map();
  const files = [...webFiles(web)];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    const specs = text.matchAll(
      /(?:^(?:import|export)\b[^'"]*?\bfrom\s+|^import\s+|\bimport\(\s*)'(\.[^']+)'/gm,
    );
    for (const [, spec] of specs) {
      const target = resolveImport(file, spec);
      const name = relative(web, file);
      if (!target) {
        problems.push(`${name}: cannot resolve '${spec}'`);
        continue;
      }
      targets.add(target);
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      const edge = `${name} -> ${relative(web, target)}`;
      if (WEB_ALLOWED.has(edge)) continue;
      const [fromLayer, toLayer] = [layerOfUnit(from), layerOfUnit(to)];
      if (fromLayer === undefined || toLayer === undefined) {
        problems.push(`${edge}: ${fromLayer === undefined ? from : to} is in no layer (LAYERS)`);
      } else if (toLayer > fromLayer) {
        problems.push(`${edge}: upward (${from} is below ${to})`);
      } else if (toLayer === fromLayer) {
        problems.push(`${edge}: across (${from} and ${to} are on one layer; features never import features)`);
      }
    }
    graph.set(file, targets);
  }

  const cycles = fileCycles(graph, web);
  for (const cycle of cycles) problems.push(`cycle: ${cycle}`);

  const count = (word) => problems.filter((problem) => problem.includes(word)).length;
  const units = new Set(files.map(unitOf));
  const summary =
    `${count(': upward')} upward, ${count(': across')} feature-to-feature or across one layer, ` +
    `${cycles.length} cycles, ${WEB_ALLOWED.size} allowed exceptions`;
  if (problems.length > 0) {
    console.error(`layers-check: apps/web/src breaks its layers (${summary}):`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exitCode = 1;
    return;
  }
  console.log(`layers-check: ${units.size} units of apps/web/src in ${LAYERS.length} layers: ${summary}.`);
}
