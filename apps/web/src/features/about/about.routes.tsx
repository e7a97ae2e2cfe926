import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/root';

/** About is public, and downloaded when first opened. */
export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  staticData: { title: 'about' },
  component: lazyRouteComponent(() => import('./AboutScreen'), 'AboutScreen'),
});
