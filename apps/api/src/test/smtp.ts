import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The whole message as received (headers and encoded body). */
  readonly raw: string;
  /** The text body, quoted-printable decoded. */
  readonly text: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function textOf(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) return decodeQuotedPrintable(body);
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body, 'base64').toString('utf8');
  return body;
}

/** A real SMTP server on loopback (no TLS, no auth) collecting what it receives. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** When set, every message is refused with this SMTP error. */
  refuse = false;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (this.refuse) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: textOf(raw),
        });
        callback();
      });
    },
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The first link of the last message. */
  lastLink(): URL {
    const text = this.received.at(-1)?.text ?? '';
    const match = /https?:\/\/\S+/.exec(text);
    if (!match) throw new Error('no link in the last mail');
    return new URL(match[0]);
  }
}
