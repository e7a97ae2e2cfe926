import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** What the shell does with an error no screen handled. */
type GlobalErrorHandler = (error: ApiError) => void;
let globalHandler: GlobalErrorHandler = () => {};

export function setGlobalErrorHandler(handler: GlobalErrorHandler): void {
  globalHandler = handler;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Statuses the screen shows itself; the others get the global handling. */
      handles?: readonly number[];
      /**
       * Read by a route's loader (`loadData`): a failure shows on the route's error screen, with
       * Retry; only the shell's own statuses (sign-in, proxy, lock) keep the global handling.
       */
      routeData?: boolean;
    };
    mutationMeta: {
      handles?: readonly number[];
    };
  }
}

/** The statuses the shell handles even when a route shows its own error: sign-in, proxy, lock. */
const SHELL_STATUSES: readonly number[] = [401, 407, 418];

function globalHandling(error: unknown, handles: readonly number[] | undefined, routeData = false): void {
  if (!(error instanceof ApiError)) return;
  if (routeData && !SHELL_STATUSES.includes(error.status)) return;
  // 422 always belongs to the form that sent it.
  if (error.status === 422 || handles?.includes(error.status)) return;
  globalHandler(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => globalHandling(error, query.meta?.handles, query.meta?.routeData),
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => globalHandling(error, mutation.meta?.handles),
  }),
  defaultOptions: {
    queries: {
      retry: (count, error) => !(error instanceof ApiError) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});
