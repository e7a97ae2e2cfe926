import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

/** An account's code log: who had the server compute its codes, when and from where. */
export const codeLogRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/code-log',
  // The account form's texts: already there when coming from the edit page.
  loader: loadCatalogues('accountForm'),
  component: lazyRouteComponent(() => import('./CodeLogScreen'), 'CodeLogScreen'),
});
