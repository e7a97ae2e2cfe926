import path from 'node:path';
import type { CDPSession } from 'playwright-core';

/*
 * Chromium traces for the offline profile (offline-profile.ts): started and collected through CDP,
 * then the page's main thread summarised (its tasks by kind, and the long ones one by one).
 */

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string } };
}

/** The main thread's tasks in the trace from `from` to `to` (trace clock, us): by kind, and the long ones. */
export function summariseTrace(events: TraceEvent[], from: number, to: number, pid?: number) {
  const main = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.args?.name === 'CrRendererMain' &&
      (pid === undefined || event.pid === pid),
  );
  if (!main) return;
  const inWindow = events.filter(
    (event) =>
      event.pid === main.pid &&
      event.tid === main.tid &&
      event.ph === 'X' &&
      event.ts >= from &&
      event.ts <= to,
  );
  const tasks = inWindow.filter(
    (event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask',
  );
  const busy = tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000;
  console.log(`  trace: main thread busy ${busy.toFixed(0)} ms of ${((to - from) / 1000).toFixed(0)} ms`);
  const kinds = new Map<string, number>();
  for (const event of inWindow) {
    if (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') continue;
    kinds.set(event.name, (kinds.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  console.log(
    `  trace events (inclusive, nested counted in each):\n${[...kinds]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 18)
      .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n')}`,
  );
  for (const task of tasks) {
    const ms = (task.dur ?? 0) / 1000;
    if (ms < 25) continue;
    const inside = inWindow.filter(
      (event) =>
        event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= task.ts + (task.dur ?? 0),
    );
    const parts = new Map<string, number>();
    for (const event of inside) {
      const label =
        event.name === 'FunctionCall' || event.name === 'EvaluateScript'
          ? `${event.name}(${(event.args?.data?.functionName || '') + ' ' + path.basename(event.args?.data?.url ?? '')})`
          : event.name;
      parts.set(label, (parts.get(label) ?? 0) + (event.dur ?? 0) / 1000);
    }
    console.log(
      `    task at ${((task.ts - from) / 1000).toFixed(0).padStart(5)} ms: ${ms.toFixed(0).padStart(4)} ms  ${[
        ...parts,
      ]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([name, part]) => `${name} ${part.toFixed(0)}`)
        .join(', ')}`,
    );
  }
}

/** Starts a trace of the page's timeline; the returned function ends it and gives its events. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  const collect = ({ value }: { value: TraceEvent[] }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect as never);
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: {
      includedCategories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'loading',
        'toplevel',
        '__metadata',
      ],
    },
  });
  return async () => {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect as never);
    return events;
  };
}
