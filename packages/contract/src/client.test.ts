import { describe, expect, it } from 'vitest';
import { createTwofoldClient } from './client.js';

/** A fake server: records requests, answers 419 until the CSRF token is the fresh one. */
function fakeServer() {
  const seen: { method: string; url: string; headers: Record<string, string>; body: string }[] = [];
  let token = 'old';
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const headers = Object.fromEntries(request.headers.entries());
    seen.push({ method: request.method, url: request.url, headers, body: await request.text() });
    if (request.url.endsWith('/refresh-csrf')) {
      token = 'fresh';
      return new Response('fresh', { status: 200 });
    }
    if (request.method !== 'GET' && headers['x-xsrf-token'] !== 'fresh' && !headers.authorization) {
      return new Response(JSON.stringify({ message: 'CSRF token mismatch.' }), { status: 419 });
    }
    return new Response(JSON.stringify({ name: 'ok' }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { seen, fetchImpl, currentToken: () => token };
}

describe('the typed client', () => {
  it('sends the CSRF token and, after a 419, refreshes it and retries once', async () => {
    const server = fakeServer();
    const client = createTwofoldClient({
      baseUrl: 'http://localhost:8000',
      fetch: server.fetchImpl,
      csrfToken: server.currentToken,
    });
    // A POST through the untyped escape hatch keeps this test independent of the routes.
    const { response } = await client.request(
      'post' as never,
      '/api/v1/user/name' as never,
      {
        body: { a: 1 },
      } as never,
    );
    expect(response.status).toBe(200);
    expect(server.seen.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /api/v1/user/name',
      'GET /refresh-csrf',
      'POST /api/v1/user/name',
    ]);
    expect(server.seen[0]?.headers['x-xsrf-token']).toBe('old');
    expect(server.seen[2]?.headers['x-xsrf-token']).toBe('fresh');
    expect(server.seen[2]?.body).toBe('{"a":1}');
    expect(server.seen[0]?.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('with a personal access token: Bearer header, no CSRF dance', async () => {
    const server = fakeServer();
    const client = createTwofoldClient({
      baseUrl: 'http://localhost:8000',
      token: 'abc',
      fetch: server.fetchImpl,
    });
    const { data } = await client.GET('/api/v1/user/name');
    expect(data).toEqual({ name: 'ok' });
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0]?.headers.authorization).toBe('Bearer abc');
    expect(server.seen[0]?.headers['x-xsrf-token']).toBeUndefined();
  });
});
