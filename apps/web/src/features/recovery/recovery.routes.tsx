import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

export const recoveryRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/recovery',
  // Offline, read only from this device's copy (when its user chose to keep them there).
  staticData: { worksOffline: true },
  loader: loadCatalogues('recovery', 'accounts', 'auth', 'offline'),
  component: lazyRouteComponent(() => import('./RecoveryScreen'), 'RecoveryScreen'),
});
