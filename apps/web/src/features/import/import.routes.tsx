import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';

export const importAccountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/import',
  staticData: { title: 'importAccounts' },
  component: lazyRouteComponent(() => import('./ImportScreen'), 'ImportPage'),
});
