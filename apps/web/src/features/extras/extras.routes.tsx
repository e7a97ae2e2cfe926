import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

/** An account's note and recovery codes (the path keeps the API's word, `recovery`). */
export const extrasRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/recovery',
  // Offline, read only from this device's copy (when its user chose to keep them there).
  staticData: { worksOffline: true },
  loader: loadCatalogues('extras', 'accounts', 'auth', 'offline'),
  component: lazyRouteComponent(() => import('./ExtrasScreen'), 'ExtrasScreen'),
});
