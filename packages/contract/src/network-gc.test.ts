import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createTwofold, TwofoldNetworkError } from './index.js';

// Node's fetch lets a request copy lose its combined abort signal in a garbage collection; the
// timeout must still answer then. This file runs with --expose-gc (see vitest.config.ts).
const gc = (globalThis as { gc?: () => void }).gc;

it('timeout: answers after a garbage collection while the server stays silent', async () => {
  expect(gc, 'the test process runs with --expose-gc').toBeTypeOf('function');
  const server = createServer(() => undefined); // never answers
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const twofold = createTwofold({ baseUrl: `http://127.0.0.1:${port}`, token: 't', timeout: 200 });
    const started = performance.now();
    const answer = twofold.user().catch((e: unknown) => e);
    // Let the request reach the server, then collect everything unreachable.
    await new Promise<void>((resolve) => server.once('request', () => resolve()));
    gc?.();
    const error = await Promise.race([
      answer,
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 3_000).unref()),
    ]);
    expect(error).toBeInstanceOf(TwofoldNetworkError);
    expect(error).toMatchObject({ timedOut: true });
    expect(performance.now() - started).toBeLessThan(3_000);
  } finally {
    server.closeAllConnections();
    server.close();
  }
}, 15_000);
