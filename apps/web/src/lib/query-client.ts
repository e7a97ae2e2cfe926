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
    };
    mutationMeta: {
      handles?: readonly number[];
    };
  }
}

function globalHandling(error: unknown, handles: readonly number[] | undefined): void {
  if (!(error instanceof ApiError)) return;
  // 422 always belongs to the form that sent it.
  if (error.status === 422 || handles?.includes(error.status)) return;
  globalHandler(error);
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => globalHandling(error, query.meta?.handles) }),
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
