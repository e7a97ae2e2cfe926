import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';

export const captureRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/capture',
  staticData: { title: 'capture' },
  component: lazyRouteComponent(() => import('./CaptureScreen'), 'CaptureScreen'),
});
