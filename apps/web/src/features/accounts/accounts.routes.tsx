import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { authLayout, loadData } from '../../lib/routes';
import { accountsQuery } from '../../entities/account/account.api';
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
  // From this device's copy while it is open (the data source reads it).
  loader: async ({ context }) => {
    await Promise.all([loadCatalogues('accounts')(), loadData(context, accountsQuery)]);
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
