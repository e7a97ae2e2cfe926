import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';
import './account-form.css';

export const createAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/create',
  staticData: { title: 'createAccount' },
  loader: loadCatalogues('accountForm', 'auth'),
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'CreateAccountPage'),
});

export const editAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/edit',
  staticData: { title: 'editAccount' },
  loader: loadCatalogues('accountForm', 'auth'),
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'EditAccountPage'),
});

export const accountFormRoutes = [createAccountRoute, editAccountRoute];
