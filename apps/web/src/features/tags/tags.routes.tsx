import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';

export const tagsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/tags',
  staticData: { title: 'tags' },
  loader: loadCatalogues('tags'),
  component: lazyRouteComponent(() => import('./TagsScreen'), 'TagsScreen'),
});
