import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';
import { text } from '../../app/search-params';

export const createAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/create',
  staticData: { title: 'createAccount' },
  validateSearch: (search: Record<string, unknown>): { decodedUri?: string } =>
    text(search.decodedUri) ? { decodedUri: text(search.decodedUri) } : {},
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'CreateAccountPage'),
});

export const editAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/edit',
  staticData: { title: 'editAccount' },
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'EditAccountPage'),
});

export const accountFormRoutes = [createAccountRoute, editAccountRoute];
