// `pnpm start`: builds what the server needs, then runs it. It prints one line per stage and the
// server's own lines; the build's output goes to .turbo/start-build.log (shown here with
// `pnpm start --verbose`, and printed whole when the build fails).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const verbose = process.argv.includes('--verbose');
const logFile = join(root, '.turbo/start-build.log');
// The server's memory flags (measured by apps/api/bench/memory.bench.ts; the Dockerfile uses the same).
const SERVER_FLAGS = ['--max-semi-space-size=1', '--max-old-space-size=192'];
const BUILD = [
  'run',
  'build',
  '--filter=@twofold/api...',
  '--filter=@twofold/web...',
  '--filter=@twofold/cli...',
];

function build() {
  mkdirSync(join(root, '.turbo'), { recursive: true });
  const log = createWriteStream(logFile);
  const started = Date.now();
  process.stdout.write(
    verbose
      ? 'Twofold: building the server, the web app and the CLI\n'
      : `Twofold: building the server, the web app and the CLI (the first time takes a few minutes; output in ${logFile})\n`,
  );
  return new Promise((resolve) => {
    const turbo = spawn(join(root, 'node_modules/.bin/turbo'), BUILD, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: verbose ? process.env.FORCE_COLOR : '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [turbo.stdout, turbo.stderr]) {
      stream.pipe(log, { end: false });
      if (verbose) stream.pipe(process.stdout, { end: false });
    }
    turbo.on('close', (code) => {
      log.end(() => {
        const seconds = ((Date.now() - started) / 1000).toFixed(0);
        if (code !== 0) {
          if (!verbose) process.stderr.write(readFileSync(logFile, 'utf8'));
          process.stderr.write(
            `Twofold: the build failed (exit ${code}); its output is above and in ${logFile}\n`,
          );
          process.exit(code ?? 1);
        }
        const summary = /Cached:\s+(\d+) cached, (\d+) total/.exec(readFileSync(logFile, 'utf8'));
        const cached = summary ? ` (${summary[2]} packages, ${summary[1]} unchanged)` : '';
        process.stdout.write(`Twofold: built in ${seconds} s${cached}; starting the server\n`);
        resolve();
      });
    });
  });
}

await build();
const server = spawn(process.execPath, [...SERVER_FLAGS, join(root, 'apps/api/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl+C reaches the server through the terminal; a supervisor's SIGTERM is passed on, so the
// server finishes its requests and closes the database before this process ends.
process.on('SIGTERM', () => server.kill('SIGTERM'));
process.on('SIGINT', () => {});
server.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
