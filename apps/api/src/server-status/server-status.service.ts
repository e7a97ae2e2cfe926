import { errors } from '../http/errors.js';
import type { Deps } from '../shared/deps.js';
import type { ServerStatusView } from './server-status.schemas.js';

/** The device id a client sends with its clock: a random id it keeps (a browser profile, the CLI). */
const DEVICE_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A device's clock more than ten years off is not a clock reading. */
const PLAUSIBLE_MS = 10 * 365 * 24 * 3600 * 1000;

export interface ClockHeaders {
  readonly time: string | undefined;
  readonly device: string | undefined;
}

/** Reads `X-Client-Time` (Unix ms) and `X-Client-Id`; a bad value is a 422 naming the header. */
function clientReading(deps: Pick<Deps, 'clock'>, headers: ClockHeaders) {
  if (headers.time === undefined) return undefined;
  const time = Number(headers.time);
  if (!/^\d{1,16}$/.test(headers.time) || Math.abs(time - deps.clock.now().getTime()) > PLAUSIBLE_MS)
    throw errors.invalidField('X-Client-Time', 'validation.integer', { attribute: 'X-Client-Time' });
  const device = headers.device ?? '';
  if (!DEVICE_ID.test(device))
    throw errors.invalidField('X-Client-Id', 'validation.regex', { attribute: 'X-Client-Id' });
  return { time, device };
}

/** The server's status; a request that carries its device's clock is counted first. */
export async function serverStatus(
  deps: Pick<Deps, 'clock' | 'clockWatch' | 'disk'>,
  headers: ClockHeaders,
): Promise<ServerStatusView> {
  const reading = clientReading(deps, headers);
  if (reading) deps.clockWatch.record(reading.device, reading.time);
  const verdict = deps.clockWatch.status();
  const device = reading ? deps.clockWatch.device(reading.device) : undefined;
  const space = await deps.disk.space();
  return {
    clock: {
      server_time: deps.clock.now().getTime(),
      server_offset_ms: verdict.serverOffsetMs,
      devices: verdict.devices,
      device_offset_ms: device ? Math.round(device.offsetMs) : null,
      device_agrees: device?.agrees ?? null,
    },
    disk: space
      ? {
          free_bytes: space.freeBytes,
          total_bytes: space.totalBytes,
          low: space.low,
          full: space.full,
        }
      : null,
  };
}
