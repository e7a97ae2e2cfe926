/**
 * Where the main thread's time goes when the offline copy is unlocked (not part of `pnpm bench`):
 * `npx tsx bench/offline-profile.ts` after `pnpm build`. Same profile as offline.bench.ts (375 x 812,
 * CPU 4x slower, 1,000 accounts, 30 logos, the server's paths aborted). For one passphrase unlock and
 * one passkey unlock, CDP's sampling profiler runs from the press to the first account painted; it
 * prints the app's own measures (`twofold:*`) on the press's time line, the main thread's busy and
 * idle time, the busy time by script file, and the functions with the most self time. Names are the
 * built bundle's: for the sources' names, build with `vite build --sourcemap hidden` and set
 * PROFILE_MAPS to the path of source-map-js's entry (it is in the store: pnpm installs it for
 * PostCSS). PROFILE_TRACE=1 takes a Chromium trace instead: the main thread's tasks from the press
 * on (style, layout, paint, scripts, timers), the long ones one by one. PROFILE_ACCOUNTS sets the
 * number of accounts (1,000). PROFILE_RELOAD=1 (with PROFILE_TRACE=1) traces three reloads with the
 * server down instead, from the navigation's start to the unlock screen, with the navigation's and
 * the files' timings.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser, repoRoot, startServer } from '../test/browser/harness';
import { phoneUser, toUnlockScreen, turnOn, watchUnlockScreen } from './offline-figures';
import { startTrace, summariseTrace, type TraceEvent } from './chromium-trace';

const ACCOUNTS = Number(process.env.PROFILE_ACCOUNTS ?? 1000);
const PASSPHRASE = 'bench passphrase 1000';
const SERVER_PATHS = /^\/(api|user|webauthn|oauth|refresh-csrf|app-config|infos|storage|up)(\/|$)/;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

type Mapper = (url: string, line: number, column: number) => string | null;

/** What the profile reads of source-map-js's consumer. */
interface MapConsumer {
  originalPositionFor(at: { line: number; column: number }): {
    source: string | null;
    line: number | null;
    name: string | null;
  };
}

/** With PROFILE_MAPS: the source's file and function name from the bundle's source maps. */
async function sourceMapper(): Promise<Mapper | null> {
  const entry = process.env.PROFILE_MAPS;
  if (!entry) return null;
  const { SourceMapConsumer } = (await import(entry)) as {
    SourceMapConsumer: new (map: unknown) => MapConsumer;
  };
  const consumers = new Map<string, MapConsumer | null>();
  return (url, line, column) => {
    const file = new URL(url).pathname;
    if (!consumers.has(file)) {
      try {
        const map = readFileSync(path.join(repoRoot, 'apps/web/dist', `${file}.map`), 'utf8');
        consumers.set(file, new SourceMapConsumer(JSON.parse(map) as unknown));
      } catch {
        consumers.set(file, null);
      }
    }
    const consumer = consumers.get(file);
    if (!consumer) return null;
    const at = consumer.originalPositionFor({ line: line + 1, column });
    if (!at.source) return null;
    return `${at.name ?? '?'} ${at.source.replace(/^.*node_modules\//, '~/').replace(/^(\.\.\/)+/, '')}:${at.line}`;
  };
}

function summarise(profile: Profile, mapper: Mapper | null) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (let index = 0; index < profile.samples.length; index += 1) {
    const id = profile.samples[index]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  }
  let idle = 0;
  let busy = 0;
  const byFile = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, ms] of self) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') {
      idle += ms;
      continue;
    }
    busy += ms;
    const file = callFrame.url ? path.basename(new URL(callFrame.url).pathname) : callFrame.functionName;
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
    const mapped = callFrame.url
      ? mapper?.(callFrame.url, callFrame.lineNumber, callFrame.columnNumber)
      : null;
    const name =
      mapped ??
      `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}:${callFrame.columnNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${name}`)
      .join('\n');
  console.log(`  main thread: busy ${busy.toFixed(0)} ms, idle ${idle.toFixed(0)} ms`);
  console.log(`  busy by file:\n${top(byFile, 12)}`);
  console.log(`  self time by function:\n${top(byFunction, 30)}`);
}

/** The app's marks and measures since the press (`twofold:*`), in ms from it. */
async function appTimeline(page: Page, since: number) {
  const entries = await page.evaluate(
    (t0) =>
      performance
        .getEntries()
        .filter((entry) => entry.name.startsWith('twofold:') && entry.startTime + entry.duration >= t0)
        .map((entry) => ({
          name: entry.name,
          start: entry.startTime - t0,
          duration: entry.duration,
        })),
    since,
  );
  for (const entry of entries) {
    console.log(
      `  ${entry.start.toFixed(0).padStart(6)} ms +${entry.duration.toFixed(0).padStart(5)} ms  ${entry.name}`,
    );
  }
}

async function pressAndProfile(
  page: Page,
  cdp: CDPSession,
  press: () => Promise<void>,
  mapper: Mapper | null,
) {
  await page.evaluate(() => {
    const w = window as unknown as { __t0?: number; __elapsed?: number };
    delete w.__elapsed;
    document.addEventListener(
      'pointerdown',
      () => {
        const t0 = performance.now();
        w.__t0 = t0;
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes('Service 0')) return;
          observer.disconnect();
          requestAnimationFrame(() => requestAnimationFrame(() => (w.__elapsed = performance.now() - t0)));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      },
      { capture: true, once: true },
    );
  });
  const tracing = !!process.env.PROFILE_TRACE;
  let endTrace: (() => Promise<TraceEvent[]>) | undefined;
  if (tracing) {
    endTrace = await startTrace(cdp);
  } else {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await press();
  await page.waitForFunction(
    () => (window as unknown as { __elapsed?: number }).__elapsed !== undefined,
    null,
    {
      timeout: 60_000,
    },
  );
  const [elapsed, t0] = await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __elapsed: number };
    return [w.__elapsed, w.__t0];
  });
  console.log(`  press to the first account: ${elapsed.toFixed(0)} ms`);
  await appTimeline(page, t0);
  if (endTrace) {
    const events = await endTrace();
    const press = events.find(
      (event) =>
        event.name === 'EventDispatch' &&
        (event.args?.data as { type?: string } | undefined)?.type === 'pointerdown',
    );
    if (press) summariseTrace(events, press.ts, press.ts + elapsed * 1000);
    return;
  }
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  summarise(profile, mapper);
}

/**
 * PROFILE_RELOAD=1: a Chromium trace of a reload with the server down, from the navigation's start
 * to the unlock screen's heading (the page's main thread, as for a press).
 */
async function reloadAndTrace(page: Page, cdp: CDPSession, url: string) {
  const endTrace = await startTrace(cdp);
  const screen = await toUnlockScreen(page, url);
  const events = await endTrace();
  console.log(`  reload to the unlock screen: ${screen.toFixed(0)} ms`);
  // The navigation's own steps (the service worker answers the page from its cache).
  const steps = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!entry) return {};
    const { workerStart, fetchStart, responseStart, responseEnd, domInteractive } = entry;
    const { domContentLoadedEventEnd, loadEventEnd } = entry;
    return {
      workerStart,
      fetchStart,
      responseStart,
      responseEnd,
      domInteractive,
      domContentLoadedEventEnd,
      loadEventEnd,
    };
  });
  console.log(
    `  navigation: ${Object.entries(steps)
      .map(([name, ms]) => `${name} ${Number(ms).toFixed(0)}`)
      .join(', ')}`,
  );
  const resources = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
      (entry) =>
        `${new URL(entry.name).pathname} ${entry.startTime.toFixed(0)}..${entry.responseEnd.toFixed(0)}`,
    ),
  );
  console.log(`  resources (start..end): ${resources.join(', ')}`);
  const start = events.filter((event) => event.name === 'navigationStart').at(-1);
  if (!start) return;
  summariseTrace(
    events.filter((event) => event.ts >= start.ts || event.ph === 'M'),
    start.ts,
    start.ts + screen * 1000,
    start.pid,
  );
}

const mapper = await sourceMapper();
const server = await startServer({ THROTTLE_API: '0', THROTTLE_WEB: '0' });
const browser = await launchBrowser({ viewport: { width: 375, height: 812 } });
try {
  const { page, context } = browser;
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await context.addInitScript(watchUnlockScreen);
  const cdp = await phoneUser(page, server.url, ACCOUNTS);
  await turnOn(page, server.url, PASSPHRASE);
  await page.waitForLoadState('networkidle');
  await page.goto(`${server.url}/settings/device`);
  const section = page.getByRole('region', { name: 'Passkey for this copy' });
  await section.getByLabel('Passphrase of this copy').fill(PASSPHRASE);
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await section.getByText('A passkey can unlock this copy.').waitFor({ timeout: 60_000 });
  await context.route(
    (url) => SERVER_PATHS.test(url.pathname),
    (route) => route.abort('internetdisconnected'),
  );
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  if (process.env.PROFILE_RELOAD) {
    for (let run = 0; run < 3; run += 1) {
      console.log(`\n=== reload, server down (run ${run + 1}) ===`);
      await reloadAndTrace(page, cdp, server.url);
    }
  }
  for (let run = 0; !process.env.PROFILE_RELOAD && run < 2; run += 1) {
    console.log(`\n=== passphrase (run ${run + 1}) ===`);
    console.log(`  reload to the unlock screen: ${(await toUnlockScreen(page, server.url)).toFixed(0)} ms`);
    await page.getByLabel('Passphrase', { exact: true }).fill(PASSPHRASE);
    await page.waitForTimeout(1000);
    await pressAndProfile(
      page,
      cdp,
      () => page.getByRole('button', { name: 'Unlock', exact: true }).click(),
      mapper,
    );
    console.log(`\n=== passkey (run ${run + 1}) ===`);
    await toUnlockScreen(page, server.url);
    await page.waitForTimeout(1000);
    await pressAndProfile(
      page,
      cdp,
      () => page.getByRole('button', { name: 'Unlock with a passkey' }).click(),
      mapper,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
