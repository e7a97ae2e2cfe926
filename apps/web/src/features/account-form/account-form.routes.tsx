import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';

export const createAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/create',
  staticData: { title: 'createAccount' },
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'CreateAccountPage'),
});

export const editAccountRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/edit',
  staticData: { title: 'editAccount' },
  component: lazyRouteComponent(() => import('./AccountFormPages'), 'EditAccountPage'),
});

export const accountFormRoutes = [createAccountRoute, editAccountRoute];
