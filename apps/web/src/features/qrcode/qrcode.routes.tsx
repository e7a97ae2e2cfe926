import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';

export const showQrCodeRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/qrcode',
  staticData: { title: 'showQRcode' },
  component: lazyRouteComponent(() => import('./QrCodeScreen'), 'QrCodeScreen'),
});
