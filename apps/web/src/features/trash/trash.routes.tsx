import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

export const trashRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/trash',
  staticData: { title: 'trash' },
  loader: loadCatalogues('trash', 'accounts', 'errors'),
  component: lazyRouteComponent(() => import('./TrashScreen'), 'TrashScreen'),
});
