import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { settingsQuery } from '../../entities/settings/settings.api';
import { flag } from '../../lib/search-params';
import { loadCatalogues } from '../../i18n/i18n';
import './accounts.css';
import './accounts-header.css';

export interface AccountsSearch {
  readonly toRefresh?: boolean;
  readonly InitialEditMode?: boolean;
}

export const accountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/accounts',
  staticData: { title: 'accounts', worksOffline: true },
  validateSearch: (search: Record<string, unknown>): AccountsSearch => ({
    ...(flag(search.toRefresh) ? { toRefresh: true } : {}),
    ...(flag(search.InitialEditMode) ? { InitialEditMode: true } : {}),
  }),
  // The preferences say which list the screen asks for (with the secrets when the codes show in
  // the list): known before the screen mounts, its one request for the list leaves at once. The
  // list itself is the screen's own fetch, after it mounts: it compares that first answer with
  // the previous visit's list (usePinnedLists), so a fetch here would be a second one.
  // Preferences that cannot be read (offline, never cached) are left to the screen.
  loader: async ({ context }) => {
    await Promise.all([
      loadCatalogues('accounts')(),
      context.queryClient.ensureQueryData(settingsQuery).catch(() => undefined),
    ]);
  },
  component: lazyRouteComponent(() => import('./AccountsPage'), 'AccountsPage'),
});

/** The root path shows the accounts. */
export const homeRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/accounts' });
  },
});

export const accountsRoutes = [accountsRoute, homeRoute];
