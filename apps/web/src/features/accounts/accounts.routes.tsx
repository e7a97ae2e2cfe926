import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';
import { queryClient } from '../../app/query-client';
import { installQueryPersistence } from './persist';

// Accounts, groups and settings of the previous visit are shown at once (product.md §4).
installQueryPersistence(queryClient);

const flag = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

export interface AccountsSearch {
  readonly toRefresh?: boolean;
  readonly InitialEditMode?: boolean;
}

export const accountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/accounts',
  staticData: { title: 'accounts' },
  validateSearch: (search: Record<string, unknown>): AccountsSearch => ({
    ...(flag(search.toRefresh) ? { toRefresh: true } : {}),
    ...(flag(search.InitialEditMode) ? { InitialEditMode: true } : {}),
  }),
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

export const startRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/start',
  staticData: { title: 'start' },
  validateSearch: (
    search: Record<string, unknown>,
  ): { showAdvancedFormButton?: boolean; returnToView?: string } => ({
    ...(search.showAdvancedFormButton === undefined
      ? {}
      : { showAdvancedFormButton: flag(search.showAdvancedFormButton) }),
    ...(text(search.returnToView) ? { returnToView: text(search.returnToView) } : {}),
  }),
  component: lazyRouteComponent(() => import('../start/StartScreen'), 'StartPage'),
});

export const captureRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/capture',
  staticData: { title: 'capture' },
  component: lazyRouteComponent(() => import('../capture/CaptureScreen'), 'CaptureScreen'),
});

export const createAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/create',
  staticData: { title: 'createAccount' },
  validateSearch: (search: Record<string, unknown>): { decodedUri?: string } =>
    text(search.decodedUri) ? { decodedUri: text(search.decodedUri) } : {},
  component: lazyRouteComponent(() => import('../account-form/AccountFormPages'), 'CreateAccountPage'),
});

export const importAccountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/import',
  staticData: { title: 'importAccounts' },
  validateSearch: (search: Record<string, unknown>): { migrationUri?: string } =>
    text(search.migrationUri) ? { migrationUri: text(search.migrationUri) } : {},
  component: lazyRouteComponent(() => import('../import/ImportScreen'), 'ImportPage'),
});

export const editAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/edit',
  staticData: { title: 'editAccount' },
  component: lazyRouteComponent(() => import('../account-form/AccountFormPages'), 'EditAccountPage'),
});

export const showQrCodeRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/qrcode',
  staticData: { title: 'showQRcode' },
  component: lazyRouteComponent(() => import('../qrcode/QrCodeScreen'), 'QrCodeScreen'),
});

export const accountsRoutes = [
  accountsRoute,
  homeRoute,
  startRoute,
  captureRoute,
  createAccountRoute,
  importAccountsRoute,
  editAccountRoute,
  showQrCodeRoute,
];
