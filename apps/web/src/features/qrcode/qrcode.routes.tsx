import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';
import './qrcode.css';

export const showQrCodeRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/$twofaccountId/qrcode',
  staticData: { title: 'showQRcode' },
  loader: loadCatalogues('accounts'),
  component: lazyRouteComponent(() => import('./QrCodeScreen'), 'QrCodeScreen'),
});
