import { createHash } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { Context } from '../connect.js';

/** A device's clock more than this far from the server's is worth a notice. */
const NOTICE_MS = 15_000;

/** This machine's user's id for the server's clock check: stable, and saying nothing about them. */
function deviceId(): string {
  const who = `${hostname()}\u0000${userInfo().username}`;
  return `cli-${createHash('sha256').update(who).digest('hex').slice(0, 24)}`;
}

/** `125000` -> `2 min 5 s`. */
export function duration(ms: number): string {
  const seconds = Math.round(Math.abs(ms) / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

interface ServerStatus {
  readonly clock: {
    readonly server_offset_ms: number | null;
    readonly device_offset_ms: number | null;
    readonly device_agrees: boolean | null;
  };
  readonly disk: {
    readonly free_bytes: number;
    readonly total_bytes: number;
    readonly low: boolean;
    readonly full: boolean;
  } | null;
}

/** The server's status, this machine's clock counted; undefined from a server without it (2FAuth). */
async function serverStatus(ctx: Context): Promise<ServerStatus | undefined> {
  try {
    const { data } = await ctx.twofold.client.GET('/api/v1/status', {
      headers: { 'X-Client-Time': String(Date.now()), 'X-Client-Id': deviceId() },
    });
    return data;
  } catch {
    return undefined;
  }
}

/** What is wrong with the clocks or the disk, as lines for stderr (none: all is well). */
export function warnings(status: ServerStatus): string[] {
  const lines: string[] = [];
  const { server_offset_ms: server, device_offset_ms: device } = status.clock;
  if (server !== null) {
    lines.push(
      `Warning: the server's clock is ${duration(server)} ${server > 0 ? 'ahead' : 'behind'}: codes it computes are wrong (this one too). Fix the server's time (NTP).`,
    );
  } else if (device !== null && Math.abs(device) > NOTICE_MS) {
    lines.push(
      `Warning: this machine's clock and the server's differ by ${duration(device)}; one of them is wrong.`,
    );
  }
  if (status.disk?.full)
    lines.push("Warning: the server's data disk (DATA_DIR) is full: new data is refused.");
  else if (status.disk?.low) lines.push("Warning: the server's data disk (DATA_DIR) is almost full.");
  return lines;
}

/** Prints the clock and disk warnings on stderr (before a code: the user must know it may be wrong). */
export async function warnAboutServer(ctx: Context): Promise<void> {
  const status = await serverStatus(ctx);
  if (status) for (const line of warnings(status)) process.stderr.write(`${line}\n`);
}

/** `twofold status`: the server's clock and data disk, warnings on stderr. */
export async function printStatus(ctx: Context, options: { json?: boolean }): Promise<void> {
  const status = await serverStatus(ctx);
  if (!status) {
    process.stderr.write('This server does not report its status (not a Twofold server?).\n');
    return;
  }
  if (options.json) process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
  else {
    const { server_offset_ms: server, device_offset_ms: device } = status.clock;
    const mb = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`;
    process.stdout.write(
      [
        `Server clock: ${server === null ? 'right (as far as its devices tell)' : `${duration(server)} ${server > 0 ? 'ahead' : 'behind'}`}`,
        `This machine's clock: ${device === null ? 'unknown' : `${duration(device)} ${device >= 0 ? 'ahead of' : 'behind'} the server`}`,
        `Data disk: ${status.disk ? `${mb(status.disk.free_bytes)} free of ${mb(status.disk.total_bytes)}` : 'unknown'}`,
      ].join('\n') + '\n',
    );
  }
  for (const line of warnings(status)) process.stderr.write(`${line}\n`);
}
