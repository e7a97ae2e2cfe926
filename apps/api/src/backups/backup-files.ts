import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat, readFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The backup folder. Only files whose name matches NAME_PATTERN are Twofold's: listing, download,
 * deletion and retention never touch anything else, and a name is checked against the pattern
 * before it is joined to the folder, so no request can reach outside it.
 */

export const NAME_PATTERN = /^twofold-backup-(\d{8}T\d{6}Z)(?:-(\d{1,3}))?\.json$/;
// Temp files of a backup or of the break-glass file (twofold-break-glass.html).
const TEMP_PATTERN = /^\.twofold-(?:backup-|break-glass\.html\.).*\.tmp$/;

export const isBackupName = (name: string) => NAME_PATTERN.test(name);

/** `20261123T201500Z` */
export function stamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

export function stampDate(name: string): Date {
  const s = NAME_PATTERN.exec(name)![1]!;
  return new Date(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  );
}

/** Oldest first: by time stamp, then by the same-second counter. */
function compareNames(a: string, b: string): number {
  const [, sa, na] = NAME_PATTERN.exec(a)!;
  const [, sb, nb] = NAME_PATTERN.exec(b)!;
  return sa! === sb! ? Number(na ?? 0) - Number(nb ?? 0) : sa! < sb! ? -1 : 1;
}

/** Our backups, oldest first. */
export async function backupNames(dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return (await readdir(dir)).filter(isBackupName).sort(compareNames);
}

export async function freeName(dir: string, now: Date): Promise<string> {
  const existing = new Set(await readdir(dir));
  const base = `twofold-backup-${stamp(now)}`;
  if (!existing.has(`${base}.json`)) return `${base}.json`;
  for (let i = 1; ; i++) if (!existing.has(`${base}-${i}.json`)) return `${base}-${i}.json`;
}

export interface WriteOptions {
  /**
   * Test seam: bytes written per write call and a pause between calls, so that a test can stop the
   * process in the middle of a write. Production passes nothing (one write).
   */
  readonly chunkBytes?: number;
  readonly pauseMs?: number;
}

/** Writes `data` as `dir/name` atomically: temp file in the same folder, fsync, rename, fsync folder. */
export async function writeAtomically(dir: string, name: string, data: Buffer, options: WriteOptions = {}) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.${name}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    const chunk = options.chunkBytes ?? data.length;
    for (let offset = 0; offset < data.length; offset += chunk) {
      await handle.write(data.subarray(offset, offset + chunk));
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, path.join(dir, name));
  const folder = await open(dir, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/** Removes temp files left by a write that was interrupted (crash, kill). */
export async function removeLeftovers(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const leftovers = (await readdir(dir)).filter((name) => TEMP_PATTERN.test(name));
  for (const name of leftovers) await rm(path.join(dir, name), { force: true });
  return leftovers.length;
}

/** Path of one of our backups, or undefined for any other name. */
export function backupPath(dir: string, name: string): string | undefined {
  return isBackupName(name) ? path.join(dir, name) : undefined;
}

export async function readBackup(dir: string, name: string) {
  const file = backupPath(dir, name);
  if (!file) return undefined;
  try {
    const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
    return { bytes, size: info.size };
  } catch {
    return undefined;
  }
}

export async function deleteBackup(dir: string, name: string): Promise<boolean> {
  const file = backupPath(dir, name);
  if (!file) return false;
  try {
    await rm(file);
    return true;
  } catch {
    return false;
  }
}
