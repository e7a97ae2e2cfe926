import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTwofold, TwofoldNetworkError } from './index.js';

describe('baseUrl', () => {
  it('is checked when the client is made, with a message that says what is expected', () => {
    expect(() => createTwofold({ baseUrl: '2fa.example.com' })).toThrow(
      /baseUrl must be an absolute URL with its scheme, e.g. https:\/\/2fa.example.com \(got "2fa.example.com"\)/,
    );
    expect(() => createTwofold({ baseUrl: 'ftp://2fa.example.com' })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createTwofold({ baseUrl: 'https://2fa.example.com/api/v1/' })).toThrow(/without \/api\/v1/);
    expect(() => createTwofold({ baseUrl: 'https://2fa.example.com/sub/' })).not.toThrow();
    expect(() => createTwofold({ baseUrl: 'https://x', timeout: -1 })).toThrow(/timeout/);
  });
});

describe('network failures', () => {
  it('an unreachable server is a TwofoldNetworkError naming the URL', async () => {
    const base = 'http://localhost.invalid';
    const twofold = createTwofold({ baseUrl: base, token: 't' });
    const error = await twofold.accounts.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TwofoldNetworkError);
    expect(error).toMatchObject({ url: `${base}/api/v1/twofaccounts`, timedOut: false });
    expect((error as Error).message).toMatch(
      /^Cannot reach http:\/\/localhost\.invalid\/api\/v1\/twofaccounts/,
    );
  });

  it('timeout: a server that does not answer in time', async () => {
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const twofold = createTwofold({ baseUrl: `http://127.0.0.1:${port}`, token: 't', timeout: 200 });
      const error = await twofold.user().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TwofoldNetworkError);
      expect(error).toMatchObject({ timedOut: true });
      expect((error as Error).message).toBe(
        `No answer from http://127.0.0.1:${port}/api/v1/user within 200 ms`,
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 15_000);
});

describe('import passwords travel byte for byte', () => {
  async function sent(options: Parameters<ReturnType<typeof createTwofold>['accounts']['previewImport']>[0]) {
    let request: Request | undefined;
    const twofold = createTwofold({
      baseUrl: 'http://x',
      token: 't',
      fetch: async (input, init) => {
        request = input instanceof Request ? input : new Request(input, init);
        return Response.json([]);
      },
    });
    await twofold.accounts.previewImport(options);
    return request as Request;
  }

  it('text goes as JSON (no CRLF rewriting)', async () => {
    const request = await sent({ payload: 'a\nb', password: ' p\nw ', withSecret: true });
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ payload: 'a\nb', password: ' p\nw ', withSecret: '1' });
  });

  it('a file goes as multipart, the password as a file part', async () => {
    const request = await sent({ file: new Blob(['{}']), password: ' p\nw ' });
    const form = await request.formData();
    const password = form.get('password');
    expect(password).toBeInstanceOf(Blob);
    expect(await (password as Blob).text()).toBe(' p\nw ');
  });
});
