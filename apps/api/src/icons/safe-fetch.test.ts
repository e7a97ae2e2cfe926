import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { isPublicAddress, openTunnel, safeFetch } from './safe-fetch.js';

describe('outgoing image fetches', () => {
  let server: http.Server;
  let base = '';
  let hits = 0;
  const loopback = { maxBytes: 1024, addressAllowed: () => true };

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      hits += 1;
      if (request.url === '/logo.png') response.writeHead(200).end(Buffer.from('PNGBYTES'));
      else if (request.url === '/big') response.writeHead(200).end(Buffer.alloc(4096));
      else if (request.url === '/redirect') response.writeHead(302, { location: '/logo.png' }).end();
      else if (request.url === '/slow') setTimeout(() => response.writeHead(200).end('late'), 2000);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses private, loopback, link-local, CGNAT, multicast and mapped addresses', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:0:a00:1',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('never contacts a refused address, another scheme or a URL with credentials', async () => {
    const before = hits;
    expect(await safeFetch(`${base}/logo.png`, { maxBytes: 1024 })).toBeUndefined();
    expect(await safeFetch(`http://localhost:${new URL(base).port}/logo.png`, { maxBytes: 1024 })).toBe(
      undefined,
    );
    expect(await safeFetch('file:///etc/passwd', loopback)).toBeUndefined();
    expect(await safeFetch('ftp://127.0.0.1/x', loopback)).toBeUndefined();
    expect(await safeFetch(`http://user:pw@127.0.0.1:${new URL(base).port}/logo.png`, loopback)).toBe(
      undefined,
    );
    expect(await safeFetch('not a url', loopback)).toBeUndefined();
    expect(hits).toBe(before);
  });

  it('fetches from an allowed address; no redirects, a size cap and a time limit', async () => {
    expect(await safeFetch(`${base}/logo.png`, loopback)).toEqual(Buffer.from('PNGBYTES'));
    // A host name is resolved once and that address contacted.
    expect(await safeFetch(`http://localhost:${new URL(base).port}/logo.png`, loopback)).toEqual(
      Buffer.from('PNGBYTES'),
    );
    expect(await safeFetch(`${base}/redirect`, loopback)).toBeUndefined();
    expect(await safeFetch(`${base}/missing`, loopback)).toBeUndefined();
    expect(await safeFetch(`${base}/big`, loopback)).toBeUndefined();
    expect(await safeFetch(`${base}/slow`, { ...loopback, totalTimeoutMs: 200 })).toBeUndefined();
  });

  it('goes through PROXY_FOR_OUTGOING_REQUESTS: absolute form for http, CONNECT for https', async () => {
    const seen: { method: string; url: string; host: string; auth: string }[] = [];
    const proxy = http.createServer((request, response) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        host: request.headers.host ?? '',
        auth: request.headers['proxy-authorization'] ?? '',
      });
      response.writeHead(200).end('VIA-PROXY');
    });
    proxy.on('connect', (request, client) => {
      seen.push({ method: 'CONNECT', url: request.url ?? '', host: '', auth: '' });
      const [host, port] = (request.url ?? '').split(':');
      const upstream = connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n');
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxyUrl = `http://us%40er:p%3Ass@127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      const port = new URL(base).port;
      const body = await safeFetch(`http://localhost:${port}/logo.png?x=1`, { ...loopback, proxy: proxyUrl });
      expect(body).toEqual(Buffer.from('VIA-PROXY'));
      expect(seen).toEqual([
        {
          method: 'GET',
          url: `http://127.0.0.1:${port}/logo.png?x=1`,
          host: `localhost:${port}`,
          auth: `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`,
        },
      ]);
      // A CONNECT tunnel carries the bytes both ways.
      const socket = await openTunnel(new URL(proxyUrl), '127.0.0.1', Number(port), 1000);
      const reply = await new Promise<string>((resolve) => {
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.write('GET /logo.png HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(reply).toContain('\r\nPNGBYTES\r\n');
      // https through the tunnel: this target speaks no TLS, so no image, and no crash.
      expect(await safeFetch(`https://127.0.0.1:${port}/logo.png`, { ...loopback, proxy: proxyUrl })).toBe(
        undefined,
      );
      expect(seen.filter((entry) => entry.method === 'CONNECT').map((entry) => entry.url)).toEqual([
        `127.0.0.1:${port}`,
        `127.0.0.1:${port}`,
      ]);
    } finally {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
