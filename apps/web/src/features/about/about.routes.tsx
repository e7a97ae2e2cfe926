import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';
import './about.css';

/** About is public, and downloaded when first opened. */
export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  staticData: { title: 'about' },
  loader: loadCatalogues('about', 'errors', 'settings'),
  component: lazyRouteComponent(() => import('./AboutScreen'), 'AboutScreen'),
});
