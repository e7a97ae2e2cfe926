import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';
import './capture.css';

export const captureRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/capture',
  staticData: { title: 'capture' },
  loader: loadCatalogues('capture'),
  component: lazyRouteComponent(() => import('./CaptureScreen'), 'CaptureScreen'),
});
