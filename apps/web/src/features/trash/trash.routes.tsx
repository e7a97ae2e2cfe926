import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout, loadData } from '../../lib/routes';
import { trashQuery } from '../../entities/account/trash.api';
import { loadCatalogues } from '../../i18n/i18n';

export const trashRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/trash',
  staticData: { title: 'trash' },
  loader: async ({ context }) => {
    await Promise.all([loadCatalogues('trash', 'accounts', 'errors')(), loadData(context, trashQuery)]);
  },
  component: lazyRouteComponent(() => import('./TrashScreen'), 'TrashScreen'),
});
