import { readFileSync, readlinkSync } from 'node:fs';

/*
 * What the data folder lock (data-dir-lock.ts) needs to know of a process on this machine:
 * whether it runs, when it started (which tells a reused pid from the holder) and which pid
 * namespace this process is in (a pid means something only inside its namespace). Linux reads
 * /proc; elsewhere the start and the namespace are unknown (null).
 */

/** Whether the pid runs here (a zombie does not count). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as { code?: unknown } | null)?.code === 'EPERM';
  }
  // A killed process not yet reaped by its parent (a zombie) still answers signal 0.
  const state = procStat(pid)?.[0];
  return state !== 'Z' && state !== 'X';
}

/** This process's pid namespace (Linux), or null where there is none to read. */
export function pidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

/** The fields of /proc/<pid>/stat from the third (the state) on, or null (not Linux, no process). */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command) is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The process's start time in clock ticks since boot (Linux /proc), or null. */
export function processStart(pid: number): string | null {
  return procStat(pid)?.[19] ?? null; // field 22, starttime
}
