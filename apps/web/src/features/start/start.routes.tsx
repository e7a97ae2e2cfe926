import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { flag, text } from '../../lib/search-params';
import { loadCatalogues } from '../../i18n/i18n';
import './start.css';

export const startRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/start',
  staticData: { title: 'start' },
  validateSearch: (
    search: Record<string, unknown>,
  ): { showAdvancedFormButton?: boolean; returnToView?: string; shared?: boolean } => ({
    ...(search.showAdvancedFormButton === undefined
      ? {}
      : { showAdvancedFormButton: flag(search.showAdvancedFormButton) }),
    ...(text(search.returnToView) ? { returnToView: text(search.returnToView) } : {}),
    // An image was shared to the installed app: its service worker holds it.
    ...(search.shared === undefined ? {} : { shared: flag(search.shared) }),
  }),
  loader: loadCatalogues('accounts'),
  component: lazyRouteComponent(() => import('./StartScreen'), 'StartPage'),
});
