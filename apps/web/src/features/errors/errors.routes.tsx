import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../lib/routes';
import { ErrorScreen } from './ErrorScreen';
import { loadCatalogues } from '../../i18n/i18n';
import './errors.css';

export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/404',
  staticData: { title: 'notFound' },
  loader: loadCatalogues('errors'),
  component: () => <ErrorScreen variant="notFound" page />,
});

export const floodedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/flooded',
  staticData: { title: 'flooded' },
  loader: loadCatalogues('errors'),
  component: () => <ErrorScreen variant="flooded" page />,
});

export const genericErrorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/error',
  staticData: { title: 'genericError' },
  validateSearch: (search: Record<string, unknown>): { err?: string; proxy?: boolean } => ({
    ...(typeof search.err === 'string' ? { err: search.err } : {}),
    ...(search.proxy === true ? { proxy: true } : {}),
  }),
  loader: loadCatalogues('errors'),
  component: function GenericError() {
    const { err, proxy } = genericErrorRoute.useSearch();
    return proxy ? (
      <ErrorScreen variant="proxy" closable={false} page />
    ) : (
      <ErrorScreen variant="generic" message={err} page />
    );
  },
});

export const errorRoutes = [notFoundRoute, floodedRoute, genericErrorRoute];
