import { connect, type AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { createUserWithToken } from '../test/auth-helpers.js';
import { describeEachDatabase, type TestContext } from '../test/harness.js';

/*
 * A client that hangs up in the middle of a large upload, on a real socket (inject cannot cut a
 * body short): the log says the client aborted, at info, and never that the database is down.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DECLARED = 5 * 1024 * 1024;
const SENT = 512 * 1024;

async function listeningPort(t: TestContext): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** Sends the head and part of a 5 MiB body, then destroys the socket. */
async function abortMidBody(port: number, head: string[], firstPart: string): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const lines = [...head, 'Host: 127.0.0.1', `Content-Length: ${DECLARED}`, '', ''];
  socket.write(lines.join('\r\n'));
  socket.write(firstPart.padEnd(SENT, 'A'));
  await sleep(200); // the server has read part of the body
  socket.destroy();
}

type LogLine = { level: number; msg: string; method?: string; route?: string; status?: number };

/** The log lines written once the server has seen the abort. */
async function linesAfterAbort(t: TestContext): Promise<LogLine[]> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline && !t.logs.some((line) => line.includes('aborted'))) await sleep(50);
  await sleep(200); // anything logged late (an error answer, an access line) shows too
  return t.logs.map((line) => JSON.parse(line) as LogLine);
}

function expectLoggedAsClientAbort(lines: LogLine[], route: string): void {
  expect(lines.map((line) => line.msg)).not.toContain('database unavailable');
  expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  expect(lines.some((line) => (line.status ?? 0) >= 500)).toBe(false);
  expect(lines).toContainEqual(
    expect.objectContaining({ level: 30, msg: 'client aborted the request', method: 'POST', route }),
  );
}

describeEachDatabase('a client that aborts its upload', (t) => {
  it('is logged at info as an aborted request during a JSON upload, not as a database outage', async () => {
    const token = await createUserWithToken(t.db);
    const port = await listeningPort(t);
    t.logs.length = 0;
    await abortMidBody(
      port,
      [
        'POST /api/v1/twofaccounts HTTP/1.1',
        `Authorization: Bearer ${token}`,
        'Content-Type: application/json',
      ],
      '{"service":"',
    );
    expectLoggedAsClientAbort(await linesAfterAbort(t), '/api/v1/twofaccounts');
    // The server carries on.
    const after = await fetch(`http://127.0.0.1:${port}/up`);
    expect(after.status).toBe(200);
  });

  it('is logged at info as an aborted request during a multipart upload', async () => {
    const token = await createUserWithToken(t.db);
    const port = await listeningPort(t);
    t.logs.length = 0;
    await abortMidBody(
      port,
      [
        'POST /api/v1/twofaccounts/migration HTTP/1.1',
        `Authorization: Bearer ${token}`,
        'Content-Type: multipart/form-data; boundary=xyz',
      ],
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="export.json"\r\n' +
        'Content-Type: application/json\r\n\r\n',
    );
    expectLoggedAsClientAbort(await linesAfterAbort(t), '/api/v1/twofaccounts/migration');
  });
});
