// Keeps source files and functions small: no source file over 350 lines and no function over
// 120 lines in apps/*/src and packages/*/src (.ts, .tsx, and the web app's stylesheets, .css, whose
// lines count the same). Tests and generated files are not checked.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const MAX_FILE_LINES = 350;
const MAX_FUNCTION_LINES = 120;
const root = new URL('..', import.meta.url).pathname;
const GENERATED = new Set(['schema.d.ts', 'schema.generated.ts']);

function isChecked(name) {
  if (!/\.(ts|tsx|mts|cts|css)$/.test(name)) return false;
  if (GENERATED.has(name)) return false;
  return !/\.(test|spec|bench)\.(ts|tsx)$/.test(name);
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry === 'node_modules' || entry === 'test' || entry === '__tests__') continue;
      yield* sourceFiles(path);
    } else if (isChecked(entry)) {
      yield path;
    }
  }
}

function srcRoots() {
  const roots = [];
  for (const group of ['apps', 'packages']) {
    for (const pkg of readdirSync(join(root, group))) {
      const src = join(root, group, pkg, 'src');
      try {
        if (statSync(src).isDirectory()) roots.push(src);
      } catch {
        // a package without src/
      }
    }
  }
  return roots;
}

function functionName(node, file) {
  if (node.name) return node.name.getText(file);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(file);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(file);
  if (parent && ts.isCallExpression(parent)) {
    return `callback of ${parent.expression.getText(file).slice(0, 40)}`;
  }
  return '<anonymous>';
}

const problems = [];
for (const src of srcRoots()) {
  for (const path of sourceFiles(src)) {
    const text = readFileSync(path, 'utf8');
    const name = relative(root, path);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_FILE_LINES) problems.push(`${name}: ${lines} lines (max ${MAX_FILE_LINES})`);
    if (path.endsWith('.css')) continue;
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
        const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
        const length = end - start + 1;
        if (length > MAX_FUNCTION_LINES) {
          problems.push(
            `${name}:${start + 1}: function ${functionName(node, file)} has ${length} lines (max ${MAX_FUNCTION_LINES})`,
          );
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
}

if (problems.length > 0) {
  console.error(`size check failed:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('size check: no file over 350 lines (stylesheets included), no function over 120 lines');
