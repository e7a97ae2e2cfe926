import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout, loadData } from '../../lib/routes';
import { tagsQuery } from '../../entities/tag/tag.api';
import { loadCatalogues } from '../../i18n/i18n';

export const tagsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/tags',
  staticData: { title: 'tags' },
  loader: async ({ context }) => {
    await Promise.all([loadCatalogues('tags')(), loadData(context, tagsQuery)]);
  },
  component: lazyRouteComponent(() => import('./TagsScreen'), 'TagsScreen'),
});
