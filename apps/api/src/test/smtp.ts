import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  /** The whole message as received (headers and encoded body). */
  readonly raw: string;
  /** The text body, decoded (the text/plain part of a multipart message). */
  readonly text: string;
  /** The HTML part, decoded, if any. */
  readonly html: string | undefined;
  /** The Subject header, RFC 2047 words decoded. */
  readonly subject: string;
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(part: string): { headers: string; body: string } {
  const split = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    return { headers, body: decodeQuotedPrintable(body) };
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return { headers, body: Buffer.from(body, 'base64').toString('utf8') };
  return { headers, body };
}

/** The parts of a message by content type (one `text/plain` part when it is not multipart). */
function partsOf(raw: string): Map<string, string> {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [raw];
  const result = new Map<string, string>();
  for (const part of parts) {
    const decoded = decodePart(part.replace(/^\r\n/, ''));
    const type = /content-type:\s*([\w/]+)/i.exec(decoded.headers)?.[1]?.toLowerCase() ?? 'text/plain';
    result.set(type, decoded.body.replace(/\r\n$/, ''));
  }
  return result;
}

/** The Subject header, unfolded, with its `=?UTF-8?B|Q?…?=` words decoded. */
function subjectOf(raw: string): string {
  const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = /^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** A real SMTP server on loopback (no TLS, no auth) collecting what it receives. */
export class TestSmtpServer {
  readonly received: ReceivedMail[] = [];
  /** When set, every message is refused with this SMTP error. */
  refuse = false;
  /** How long, in milliseconds, the server takes to accept each message (slow servers). */
  delayMs = 0;
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => void setTimeout(() => accept(), this.delayMs));
      const accept = () => {
        if (this.refuse) {
          callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const parts = partsOf(raw);
        this.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          text: parts.get('text/plain') ?? '',
          html: parts.get('text/html'),
          subject: subjectOf(raw),
        });
        callback();
      };
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
