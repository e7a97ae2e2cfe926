/**
 * A server process with a wrong clock, as on a Raspberry Pi after a power cut: libfaketime (Debian's
 * `faketime` package, which the CI installs) preloaded into Node, shifting every clock it reads
 * (`Date.now()`, and so the embedded database running in the same process) by a fixed offset.
 *
 * The library is preloaded directly rather than through the `faketime` command: that command forks
 * and does not pass a SIGTERM on, so stopping it would leave the server running.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LIBRARY = 'faketime/libfaketime.so.1';

function library(): string | undefined {
  const roots = ['/usr/lib', '/usr/local/lib', '/lib'];
  for (const root of roots) {
    if (existsSync(path.join(root, LIBRARY))) return path.join(root, LIBRARY);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root)) {
      const candidate = path.join(root, entry, LIBRARY);
      if (entry.includes('-linux-') && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/** `+120s` -> 120000, `-90s` -> -90000 (the offsets these tests use). */
function offsetMs(offset: string): number {
  const match = /^([+-]\d+)s$/.exec(offset);
  if (!match) throw new Error(`faketime offset ${offset}: expected +Ns or -Ns`);
  return Number(match[1]) * 1000;
}

/**
 * The environment that runs a Node process `offset` (`+120s`, `-90s`) off the true time. Checks
 * first that a Node process under it really reads the shifted time; throws (never skips) when
 * libfaketime is missing or does not work.
 */
export function faketimeEnv(offset: string): { LD_PRELOAD: string; FAKETIME: string } {
  const wanted = offsetMs(offset);
  const preload = library();
  if (!preload) {
    throw new Error(
      'libfaketime is needed to run the server with a wrong clock: install Debian\'s "faketime" package (apt-get install faketime), as .ci/run does.',
    );
  }
  const env = { LD_PRELOAD: preload, FAKETIME: offset };
  const before = Date.now();
  const probe = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  const after = Date.now();
  const read = Number(probe.stdout);
  if (probe.status !== 0 || read < before + wanted - 1000 || read > after + wanted + 1000) {
    throw new Error(
      `libfaketime (${preload}) did not shift Node's clock by ${offset}: read ${probe.stdout} at ${before}. ${probe.stderr}`,
    );
  }
  return env;
}

/**
 * The environment of a server whose clock the test moves while it runs: libfaketime reads the
 * offset (`+0s` at first) from `file`, at most a second old; `move('+601s')` sets a new one. Timers
 * keep the true time (the monotonic clock is left alone): only the dates the server reads jump.
 */
export function movableClockEnv(file: string): {
  readonly env: Record<string, string>;
  /** Sets a new offset, and waits until the server at `url` answers with a date that shows it. */
  readonly move: (offset: string, url: string) => Promise<void>;
} {
  const { LD_PRELOAD } = faketimeEnv('+0s');
  writeFileSync(file, '+0s\n');
  return {
    env: {
      LD_PRELOAD,
      FAKETIME_TIMESTAMP_FILE: file,
      FAKETIME_CACHE_DURATION: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    move: async (offset, url) => {
      const wanted = offsetMs(offset);
      writeFileSync(file, `${offset}\n`);
      // The server reads the file again once its cached offset is a second old: its Date header says when.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const date = (await fetch(`${url}/up`)).headers.get('date');
        const shift = Date.parse(date ?? '') - Date.now();
        if (Math.abs(shift - wanted) < 2_000) return;
        if (Date.now() > deadline) throw new Error(`the server's clock did not move by ${offset}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}
