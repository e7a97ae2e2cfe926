import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './harness';

/**
 * The browser tests' global set-up. Setting up a new data folder (the embedded database's
 * creation and every migration) costs the server far more CPU than starting on one: it is done
 * once for the run, then every server of the tests starts on a copy of that folder (see
 * `newDataDir` in harness.ts), which is what a new install is after its first start.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const server = await startServer({}, { dataDir: mkdtempSync(path.join(tmpdir(), 'twofold-empty-')) });
  await server.stop({ keepData: true });
  // The single-process lock of the server that made it (a clean stop removes it; never copied).
  rmSync(path.join(server.dataDir, 'twofold.lock'), { force: true });
  project.provide('emptyInstall', server.dataDir);
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}
