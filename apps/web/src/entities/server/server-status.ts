import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { trustDeviceClock } from '../../api/server-time';

/** The help section linked from the clock banner. */
export const SERVER_CLOCK_HELP = 'https://github.com/twofold-app/twofold#server-clock';
/** A device whose clock differs from the server's by more than this is told so. */
export const DEVICE_NOTICE_MS = 15_000;
const DEVICE_ID_KEY = 'twofold.clockDeviceId';

/** This browser profile's id for the server's clock check (random, kept locally). */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_ID_KEY);
  if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
    id = `web-${crypto.randomUUID()}`;
    localStorage.setItem(DEVICE_ID_KEY, id);
  }
  return id;
}

/**
 * The server's clock and data disk, asked with this device's clock when a signed-in screen opens
 * and when the window comes back into focus (no timer: a request a minute would keep the session
 * from ever being idle on the server). The server
 * compares the devices' clocks with its own. When its clock is known to be wrong and this device
 * agrees with the others, codes follow this device's clock (api/server-time.ts).
 */
export const serverStatusQuery = queryOptions({
  queryKey: ['server-status'],
  queryFn: async () => {
    const status = await unwrap(
      api.GET('/api/v1/status', {
        headers: { 'X-Client-Time': String(Date.now()), 'X-Client-Id': deviceId() },
      }),
    );
    trustDeviceClock(status.clock.server_offset_ms !== null && status.clock.device_agrees === true);
    return status;
  },
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

/** `125000` -> `2 min 5 s` in the language (Intl's short units). */
export function formatDuration(ms: number, locale: string): string {
  const total = Math.round(Math.abs(ms) / 1000);
  const unit = (value: number, name: 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  const minutes = Math.floor(total / 60);
  return minutes > 0 ? `${unit(minutes, 'minute')} ${unit(total % 60, 'second')}` : unit(total, 'second');
}
