import { mkdtempSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import aws4 from 'aws4';
import S3rver from 's3rver';

export interface S3TestServer {
  readonly endpoint: string;
  readonly bucket: string;
  /** The folder s3rver keeps the objects in. */
  readonly dir: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Answers the next read of an object with other bytes (a copy damaged on the server). */
  damageNextRead(): void;
  stop(): Promise<void>;
}

const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/**
 * Whether a request's SigV4 signature is the one its headers and the account's secret give, as
 * computed by the `aws4` package (s3rver checks the access key id only, not V4 signatures).
 */
function signatureValid(incoming: IncomingMessage): boolean {
  const auth =
    /Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)/.exec(
      incoming.headers.authorization ?? '',
    );
  if (!auth || auth[1] !== ACCESS_KEY_ID) return false;
  const headers: Record<string, string> = {};
  for (const name of auth[3]!.split(';')) headers[name] = String(incoming.headers[name] ?? '');
  const signed = aws4.sign(
    {
      host: headers.host,
      path: incoming.url,
      method: incoming.method,
      service: 's3',
      region: auth[2],
      headers,
    },
    { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  );
  const expected = /Signature=([0-9a-f]+)/.exec(String(signed.headers?.Authorization ?? ''))?.[1];
  return expected === auth[4];
}

/** Answers 403 SignatureDoesNotMatch to a badly signed request; passes the others to s3rver. */
function signatureGate(upstreamPort: number, damage: { next: boolean }): Server {
  return createServer((incoming, outgoing) => {
    if (!signatureValid(incoming)) {
      incoming.resume();
      outgoing.writeHead(403, { 'content-type': 'application/xml' });
      outgoing.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>',
      );
      return;
    }
    if (damage.next && incoming.method === 'GET' && !incoming.url?.includes('list-type')) {
      damage.next = false;
      incoming.resume();
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end('{"damaged": true}');
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
}

/**
 * An S3-compatible server (npm `s3rver`) on loopback behind a SigV4 check, with one bucket, so a
 * wrong secret key is refused as S3 refuses it.
 */
export async function startS3Server(): Promise<S3TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'twofold-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'backups', configs: [] }],
  });
  const address = await server.run();
  const damage = { next: false };
  const gate = signatureGate(address.port, damage);
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(gate.address() as AddressInfo).port}`,
    bucket: 'backups',
    dir,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    damageNextRead: () => (damage.next = true),
    stop: async () => {
      gate.closeAllConnections();
      await new Promise((resolve) => gate.close(resolve));
      await server.close();
    },
  };
}
