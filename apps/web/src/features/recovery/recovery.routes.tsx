import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

export const recoveryRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/recovery',
  loader: loadCatalogues('recovery', 'accounts', 'auth'),
  component: lazyRouteComponent(() => import('./RecoveryScreen'), 'RecoveryScreen'),
});
