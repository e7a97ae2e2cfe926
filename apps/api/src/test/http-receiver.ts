import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * An HTTP server on loopback that records what it receives (an ntfy, Gotify, webhook or push
 * service stand-in). `failNext` answers the next requests with 500, `status` overrides the answer,
 * `onReceive` runs before each answer (a test looks at the server's state while its request waits).
 */
export class TestHttpReceiver {
  readonly received: ReceivedRequest[] = [];
  failNext = 0;
  status = 200;
  onReceive: ((request: ReceivedRequest) => Promise<void>) | undefined;
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received: ReceivedRequest = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      this.received.push(received);
      const failing = this.failNext > 0;
      if (failing) this.failNext -= 1;
      const answer = () => {
        response.writeHead(failing ? 500 : this.status, { 'content-type': 'application/json' });
        response.end('{}');
      };
      if (!this.onReceive) return answer();
      void this.onReceive(received).finally(answer);
    });
  });
  port = 0;

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  at(path: string): ReceivedRequest[] {
    return this.received.filter((request) => request.path === path);
  }

  reset(): void {
    this.received.length = 0;
    this.failNext = 0;
    this.status = 200;
    this.onReceive = undefined;
  }
}
