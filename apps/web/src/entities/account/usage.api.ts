import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

const USAGE = 'otp-usage';

/**
 * Each account read within the `usageDays` window (the server's code log and the codes this and
 * other apps reported viewed), by account id: its last read and its codes read. The sort by use.
 * (`days` is the `usageDays` preference: a change asks again.)
 */
export const usageQuery = (days: number) =>
  queryOptions({
    queryKey: [USAGE, days],
    queryFn: () => unwrap(api.GET('/api/v1/otp-logs/usage', { params: { query: { days } } })),
    staleTime: 60_000,
  });

/** Views wait this long, so that the codes shown together make one request. */
const BATCH_MS = 1500;
let waiting: number[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** The server computed a code (the code log has it): the order by use takes it in. */
export function usageChanged(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: [USAGE] });
}

/**
 * A code this app computed itself (from a secret it holds) was shown or copied: reported to the
 * server by account id, never the code, in batches. A report that fails is dropped (the sort by
 * use misses one read; nothing else depends on it).
 */
export function reportViewed(client: QueryClient, id: number): void {
  waiting.push(id);
  timer ??= setTimeout(() => {
    const ids = waiting;
    waiting = [];
    timer = null;
    void unwrap(api.POST('/api/v1/otp-logs/viewed', { body: { ids } })).then(
      () => usageChanged(client),
      () => undefined,
    );
  }, BATCH_MS);
}
