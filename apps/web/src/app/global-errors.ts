import type { ApiError } from '../api/client';
import type { router as appRouter } from './router';

/**
 * Global response handling: 401 -> login, 407 -> the proxy error (not closable),
 * 418 -> autolock, 404 -> the 404 screen, anything else -> the generic error with the server's message.
 * 422 never comes here: it belongs to the form.
 */
export function handleGlobalError(error: ApiError, router: typeof appRouter): void {
  switch (error.status) {
    case 401:
      void router.navigate({ to: '/login' });
      return;
    case 407:
      void router.navigate({ to: '/error', search: { proxy: true } });
      return;
    case 418:
      void router.navigate({ to: '/autolock' });
      return;
    case 404:
      void router.navigate({ to: '/404' });
      return;
    default:
      void router.navigate({ to: '/error', search: { err: error.message } });
  }
}
