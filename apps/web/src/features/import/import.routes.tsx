import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../app/layouts';
import { text } from '../../app/search-params';

export const importAccountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/account/import',
  staticData: { title: 'importAccounts' },
  validateSearch: (search: Record<string, unknown>): { migrationUri?: string } =>
    text(search.migrationUri) ? { migrationUri: text(search.migrationUri) } : {},
  component: lazyRouteComponent(() => import('./ImportScreen'), 'ImportPage'),
});
