// @vitest-environment node
import { createServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { END_WAIT_MS, Server } from '../src/background/server';

/*
 * Unpairing asks the server to revoke the token, then erases it here all the same. A server that
 * takes the connection and never answers (a hung proxy, a sleeping machine behind a tunnel) must
 * not hold the user's Disconnect for the SDK's 15 s.
 */

let http: HttpServer | undefined;

afterEach(async () => {
  http?.closeAllConnections();
  await new Promise((resolve) => http?.close(resolve));
  http = undefined;
});

async function listen(answer: (request: IncomingMessage, respond: () => void) => void): Promise<string> {
  http = createServer((request, response) =>
    answer(request, () => {
      response.writeHead(204).end();
    }),
  );
  await new Promise<void>((resolve) => http!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

describe('unpairing', () => {
  it('asks the server to revoke the token with the token itself', async () => {
    const seen: string[] = [];
    const url = await listen((request, respond) => {
      seen.push(`${request.method} ${request.url} ${request.headers.authorization}`);
      respond();
    });
    const server = new Server();
    server.connect(url, 'the-token');
    await server.end();
    expect(seen).toEqual(['DELETE /api/v1/device-authorizations/token Bearer the-token']);
  });

  it('waits a few seconds at most for a server that never answers', async () => {
    let asked = false;
    const url = await listen(() => {
      asked = true; // and never answers
    });
    const server = new Server();
    server.connect(url, 'the-token');
    const started = Date.now();
    await server.end();
    const waited = Date.now() - started;
    expect(asked).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(END_WAIT_MS - 50);
    expect(waited).toBeLessThan(10_000);
  }, 20_000);
});
