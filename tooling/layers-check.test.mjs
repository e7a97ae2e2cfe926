// The layers check must fail on what it exists to catch: run it on a copy of the sources with a
// planted file cycle, then with a planted route-to-route import (`pnpm tooling:test`).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

const repo = new URL('..', import.meta.url).pathname;
const script = join(repo, 'tooling/layers-check.mjs');
let copy;

before(() => {
  copy = mkdtempSync(join(tmpdir(), 'layers-check-'));
  for (const app of ['api', 'web']) {
    cpSync(join(repo, `apps/${app}/src`), join(copy, `apps/${app}/src`), { recursive: true });
  }
});
after(() => rmSync(copy, { recursive: true, force: true }));

/** Runs the check on the copy: its exit code and everything it printed. */
function check() {
  try {
    const out = execFileSync(process.execPath, [script, copy], { encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, out };
  } catch (error) {
    return { code: error.status, out: `${error.stdout}${error.stderr}` };
  }
}

function plant(files, run) {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(copy, path), text);
  try {
    return run();
  } finally {
    for (const path of Object.keys(files)) rmSync(join(copy, path));
  }
}

test('the sources as they are pass', () => {
  const { code, out } = check();
  assert.equal(code, 0, out);
});

test('two files that import each other fail, named', () => {
  const { code, out } = plant(
    {
      'apps/api/src/accounts/planted-a.ts':
        "import { b } from './planted-b.js';\nexport const a = () => b;\n",
      'apps/api/src/accounts/planted-b.ts':
        "import { a } from './planted-a.js';\nexport const b = () => a;\n",
    },
    check,
  );
  assert.equal(code, 1);
  assert.match(out, /file cycle: accounts\/planted-(a|b)\.ts -> accounts\/planted-(a|b)\.ts/);
});

test('a route file importing another route file fails, named', () => {
  const { code, out } = plant(
    {
      'apps/api/src/tags/planted.routes.ts':
        "import { groupsRoutes } from '../groups/groups.routes.js';\nexport const planted = groupsRoutes;\n",
    },
    check,
  );
  assert.equal(code, 1);
  assert.match(
    out,
    /tags\/planted\.routes\.ts -> groups\/groups\.routes\.ts: a route file imports a route file/,
  );
});
