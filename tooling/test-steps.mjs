// The test command (`pnpm test`): runs its steps in order, prints each step's duration as it ends
// and a table of every step with the total at the end, so a CI log shows where the time goes.
// A stage lists one or two lanes run side by side (two cores); a lane's steps run one after the
// other. Lanes beside another have their output prefixed with the lane's name. The first failing
// step stops the run (its lane's partner is allowed to finish) and the exit code is non-zero.
//
//   node tooling/test-steps.mjs           every step
//   node tooling/test-steps.mjs --list    the steps, without running them
//   node tooling/test-steps.mjs --only format,size   some steps only (names as --list prints them)
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const root = new URL('..', import.meta.url).pathname;

/** @typedef {{ name: string, command: string }} Step */
/** @type {Array<Record<string, Step[]>>} */
const STAGES = [
  {
    // The build, and beside it the checks that read the sources only.
    build: [{ name: 'build', command: 'turbo run build' }],
    checks: [
      { name: 'format', command: 'prettier --check .' },
      { name: 'size', command: 'node tooling/size-check.mjs' },
      { name: 'layers', command: 'node tooling/layers-check.mjs' },
      { name: 'tooling', command: 'pnpm run tooling:test' },
      { name: 'spec', command: 'pnpm run spec:check' },
    ],
  },
  {
    // Type-aware lint reads the packages' built declarations: after the build, beside tsc.
    lint: [{ name: 'lint', command: 'eslint --max-warnings=0 .' }],
    types: [
      { name: 'typecheck', command: 'turbo run typecheck' },
      { name: 'publish', command: 'node tooling/publish-check.mjs' },
      // The Firefox build as the add-on store checks it (web-ext lint, warnings as errors).
      { name: 'extension lint', command: 'pnpm --filter @twofold/extension lint' },
    ],
  },
  {
    // The light packages two at a time; the API suite then alone (it runs two files at a time and
    // starts its own PostgreSQL cluster).
    packages: [
      {
        name: 'package tests',
        command: 'turbo run test --concurrency=2 --filter=!@twofold/api --output-logs=errors-only',
      },
    ],
  },
  { api: [{ name: 'API tests', command: 'turbo run test --filter=@twofold/api' }] },
  {
    // The web app's journeys, one file at a time, and beside them the built extension's (one
    // browser and one server, which spend most of their time waiting on pairing polls).
    browser: [{ name: 'browser tests', command: 'pnpm --filter @twofold/web test:browser' }],
    extension: [
      { name: 'extension browser tests', command: 'pnpm --filter @twofold/extension test:browser' },
    ],
  },
  { compose: [{ name: 'compose', command: 'node tooling/compose-check.mjs' }] },
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one step; with a prefix, each output line is prefixed (a lane beside another). */
function run(step, prefix) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(step.command, {
      cwd: root,
      shell: true,
      stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH}` },
    });
    if (prefix) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => out.write(`[${prefix}] ${line}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      const ok = code === 0;
      console.log(`\n==> ${step.name}: ${ok ? 'passed' : `FAILED (${signal ?? code})`} in ${seconds(ms)}\n`);
      resolve({ name: step.name, ms, ok });
    });
  });
}

async function runLane(name, steps, prefixed, results) {
  for (const step of steps) {
    const result = await run(step, prefixed ? name : undefined);
    results.push(result);
    if (!result.ok) return false;
  }
  return true;
}

function report(results, totalMs) {
  const width = Math.max(...results.map((r) => r.name.length), 'total'.length);
  console.log('Test command, step by step (side-by-side steps overlap):');
  for (const r of results) {
    console.log(`  ${r.name.padEnd(width)}  ${seconds(r.ms).padStart(9)}${r.ok ? '' : '  FAILED'}`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${seconds(totalMs).padStart(9)} (wall clock)`);
}

/** The stages with only the named steps (and no empty lane or stage left). */
function selected(names) {
  if (!names) return STAGES;
  const wanted = new Set(names.split(','));
  const known = new Set(
    STAGES.flatMap((stage) =>
      Object.values(stage)
        .flat()
        .map((s) => s.name),
    ),
  );
  const unknown = [...wanted].filter((name) => !known.has(name));
  if (unknown.length) throw new Error(`No step named ${unknown.join(', ')} (see --list)`);
  return STAGES.map((stage) =>
    Object.fromEntries(
      Object.entries(stage)
        .map(([lane, steps]) => [lane, steps.filter((s) => wanted.has(s.name))])
        .filter(([, steps]) => steps.length > 0),
    ),
  ).filter((stage) => Object.keys(stage).length > 0);
}

async function main() {
  const only = process.argv.indexOf('--only');
  const stages = selected(only === -1 ? undefined : process.argv[only + 1]);
  if (process.argv.includes('--list')) {
    for (const stage of stages) {
      console.log(
        Object.values(stage)
          .map((lane) => lane.map((s) => s.name).join(' → '))
          .join('  ‖  '),
      );
    }
    return;
  }
  const started = Date.now();
  const results = [];
  let ok = true;
  for (const stage of stages) {
    const lanes = Object.entries(stage);
    const stageStarted = Date.now();
    const outcomes = await Promise.all(
      lanes.map(([name, steps]) => runLane(name, steps, lanes.length > 1, results)),
    );
    if (lanes.length > 1) {
      console.log(`==> ${lanes.map(([name]) => name).join(' ‖ ')}: ${seconds(Date.now() - stageStarted)}\n`);
    }
    if (outcomes.includes(false)) {
      ok = false;
      break;
    }
  }
  report(results, Date.now() - started);
  process.exitCode = ok ? 0 : 1;
}

await main();
