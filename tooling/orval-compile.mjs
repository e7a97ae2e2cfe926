// A second generator's view of openapi.yaml: orval generates a fetch client into a temporary
// folder and `tsc --strict` must compile it. Exits non-zero (with tsc's messages) otherwise.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const spec = fileURLToPath(new URL('../openapi.yaml', import.meta.url));
const bin = (name) =>
  fileURLToPath(new URL(`../packages/contract/node_modules/.bin/${name}`, import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'twofold-orval-'));
try {
  execFileSync(
    bin('orval'),
    ['-i', spec, '-o', path.join(dir, 'client.ts'), '--client', 'fetch', '--mode', 'single'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['*.ts'],
    }),
  );
  execFileSync(bin('tsc'), ['-p', path.join(dir, 'tsconfig.json')], { stdio: 'inherit' });
  console.log('orval client compiles under tsc --strict');
} catch {
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
