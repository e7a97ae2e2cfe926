import { createRootRouteWithContext, createRoute, redirect } from '@tanstack/react-router';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { appConfigQuery } from '../entities/server/server.api';
import { currentUserQuery } from '../entities/user/user.api';
import { forgetReturn, rememberReturn } from './return-after-sign-in';
import { CopyLockedError, NeedsServerError, type DataModeStore } from './data-mode';

/**
 * The frame every feature hangs its routes on: the root and the two layouts (public sign-in
 * screens, signed-in screens), with what they load and guard. Features name these as their routes'
 * parents; what the frame looks like (notifications, footer, auto-lock) is the shell's: `app/`
 * gives each its component when it assembles the tree (`app/router.tsx`).
 */
export interface RouterContext {
  readonly queryClient: QueryClient;
  /** Online, or reading this device's copy (locked or open): see data-mode.ts. */
  readonly dataMode: DataModeStore;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key (namespace 'common', under `routes.`) of the page title: titles come from route names. */
    readonly title?: string;
    /** Shows the about link (version) in the footer. */
    readonly showAbout?: boolean;
    /** Works from this device's copy when the server cannot be reached (the accounts screen). */
    readonly worksOffline?: boolean;
    /** A signed-out visitor comes back to this page, query included, after signing in. */
    readonly returnAfterSignIn?: boolean;
  }
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  // Reading this device's copy: a screen that needs the server says so at once, without asking
  // it; one that works from the copy shows the copy's unlock screen while it is locked.
  beforeLoad: ({ context, matches }) => {
    const mode = context.dataMode.current();
    if (mode.kind === 'online') return;
    if (!matches.some((match) => match.staticData.worksOffline)) throw new NeedsServerError();
    if (mode.kind === 'offline-locked') throw new CopyLockedError();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(appConfigQuery),
});

/**
 * Public sign-in routes (login, register, recovery): turned off in reverse-proxy mode, where the
 * proxy signs people in.
 */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: async ({ context }) => {
    const config = await context.queryClient.ensureQueryData(appConfigQuery);
    if (config.proxyAuth) throw redirect({ to: '/accounts' });
  },
});

/** Routes that need a signed-in user: the guard sends anybody else to the login screen. */
export const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location, matches }) => {
    try {
      await context.queryClient.ensureQueryData(currentUserQuery);
      // Signed in on a page one comes back to (after the provider's sign-in, say): reached.
      if (matches.some((match) => match.staticData.returnAfterSignIn)) forgetReturn();
    } catch (error) {
      if (isApiError(error, 401)) {
        if (matches.some((match) => match.staticData.returnAfterSignIn)) rememberReturn(location.href);
        throw redirect({ to: '/login' });
      }
      throw error;
    }
  },
});

/**
 * A data route's loader reads its screen's query (one of the entities' query-option factories):
 * from the cache when it holds it (kept between visits, or this device's copy when it is open),
 * else fetched before the screen shows. A failure goes to the route's error screen, which says
 * what failed and offers Retry (`router.invalidate()`), instead of the global error page.
 */
export function loadData<T, K extends QueryKey>(
  context: RouterContext,
  query: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<T> {
  return context.queryClient.ensureQueryData({ ...query, meta: { ...query.meta, routeData: true } });
}
