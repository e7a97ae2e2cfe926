import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { loadCatalogues } from '../../i18n/i18n';
import './import-rows.css';

export const importAccountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/import',
  staticData: { title: 'importAccounts' },
  loader: loadCatalogues('import'),
  component: lazyRouteComponent(() => import('./ImportScreen'), 'ImportPage'),
});
