import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { authLayout } from '../../lib/routes';
import { text } from '../../lib/search-params';
import { loadCatalogues } from '../../i18n/i18n';

/** `/connect?code=XXXX-XXXX`: the page a pairing device (the browser extension, the CLI) opens. */
export const connectRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/connect',
  staticData: { title: 'connect', returnAfterSignIn: true },
  validateSearch: (search: Record<string, unknown>): { code?: string } => {
    const code = text(search.code);
    return code === undefined ? {} : { code };
  },
  loader: loadCatalogues('connect', 'auth'),
  component: lazyRouteComponent(() => import('./ConnectScreen'), 'ConnectScreen'),
});
