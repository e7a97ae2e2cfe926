import { lazy, Suspense } from 'react';
import {
  createRouter,
  redirect,
  createRoute,
  useMatches,
  useRouter,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import { ErrorScreen } from '../features/errors/ErrorScreen';
import { deviceCopyId, isServerUnreachable } from '../api/client';
import { CopyLockedError, dataMode, NeedsServerError } from '../lib/data-mode';
import { errorRoutes } from '../features/errors/errors.routes';
import { authRoutes } from '../features/auth/auth.routes';
import { accountFormRoutes } from '../features/account-form/account-form.routes';
import { accountsRoutes } from '../features/accounts/accounts.routes';
import { captureRoute } from '../features/capture/capture.routes';
import { importAccountsRoute } from '../features/import/import.routes';
import { showQrCodeRoute } from '../features/qrcode/qrcode.routes';
import { extrasRoute } from '../features/extras/extras.routes';
import { codeLogRoute } from '../features/code-log/code-log.routes';
import { startRoute } from '../features/start/start.routes';
import { groupsRoutes } from '../features/groups/groups.routes';
import { trashRoute } from '../features/trash/trash.routes';
import { tagsRoute } from '../features/tags/tags.routes';
import { connectRoute } from '../features/connect/connect.routes';
import { aboutRoute } from '../features/about/about.routes';
import { settingsRoutes } from '../features/settings/settings.routes';
import { authLayout, publicLayout, rootRoute } from '../lib/routes';
import { PublicLayout, SignedInLayout } from './layouts';
import { queryClient } from '../lib/query-client';
import { Root } from './root';
import { loadCatalogues } from '../i18n/i18n';
import type * as OfflineScreens from '../features/offline/OfflineScreens';

// The copy's screens load only when the server cannot be reached (first-visit budget).
let offlineScreens: typeof OfflineScreens | null = null;
const loadOfflineScreens = () =>
  import('../features/offline/OfflineScreens').then((module) => (offlineScreens = module));
const LazyOfflineFallback = lazy(() =>
  loadOfflineScreens().then((module) => ({ default: module.OfflineFallback })),
);

/**
 * The copy is locked at start (the server cannot be reached): the unlock screen's code and texts,
 * loaded before the first render, so that the unlock screen is drawn at once. Through a lazy
 * component it would suspend once even with its code at hand, and React holds a revealed screen
 * back for a while after its fallback (about 300 ms, so that it does not flicker).
 */
export async function preloadUnlockScreen(): Promise<void> {
  await Promise.all([loadOfflineScreens(), loadCatalogues('offline')()]).catch(() => undefined);
}

/**
 * The server cannot be reached: the copy's unlock screen when this device keeps one, or, for a
 * screen that cannot work from the copy (or while the copy is open), that it needs the server.
 */
function UnreachableScreen({ screenNeedsServer }: { readonly screenNeedsServer: boolean }) {
  const needsServer = screenNeedsServer || dataMode.current().kind === 'offline-open';
  if (!needsServer && !deviceCopyId()) return <ErrorScreen variant="offline" closable={false} />;
  if (offlineScreens) return <offlineScreens.OfflineFallback needsServer={needsServer} />;
  return (
    <Suspense fallback={<Spinner />}>
      <LazyOfflineFallback needsServer={needsServer} />
    </Suspense>
  );
}

/**
 * A route's error: the server cannot be reached (the copy's screens), or else which page failed,
 * the error's message and Retry, which runs the route's loaders again.
 */
function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const { t } = useTranslation('common');
  // The page's name: the deepest route that has one (a layout's loader may be what failed).
  const title = useMatches({
    select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title,
  });
  if (error instanceof NeedsServerError || error instanceof CopyLockedError || isServerUnreachable(error))
    return <UnreachableScreen screenNeedsServer={error instanceof NeedsServerError} />;
  return (
    <ErrorScreen
      variant="generic"
      failed={title ? t(`routes.${title}`) : undefined}
      message={error instanceof Error ? error.message : undefined}
      debug={error instanceof Error ? error.stack : undefined}
      onRetry={() => void router.invalidate()}
    />
  );
}

/** Any unknown path goes to /404. */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});

// The frame's look is the shell's (lib/routes.ts holds its guards and loaders).
rootRoute.update({ component: Root });
publicLayout.update({ component: PublicLayout });
authLayout.update({ component: SignedInLayout });

// Each feature exports its routes; this is the one place that assembles the tree.
const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([...authRoutes]),
  authLayout.addChildren([
    ...accountsRoutes,
    startRoute,
    captureRoute,
    ...accountFormRoutes,
    importAccountsRoute,
    showQrCodeRoute,
    extrasRoute,
    codeLogRoute,
    ...groupsRoutes,
    trashRoute,
    tagsRoute,
    ...settingsRoutes,
    connectRoute,
  ]),
  aboutRoute,
  ...errorRoutes,
  unknownRoute,
]);

export const router = createRouter({
  routeTree,
  context: { queryClient, dataMode },
  defaultPreload: 'intent',
  // Loaders read through TanStack Query, which owns caching.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultPendingComponent: () => <Spinner />,
  defaultPendingMs: 300,
  // Once shown, a spinner goes as soon as its screen is ready: the router would otherwise keep it
  // for at least 500 ms. A route that failed and is run again (Retry, the copy's unlock screen,
  // which re-runs the routes the locked copy stopped) shows it at once, so that minimum was pure
  // wait: about 500 ms of the unlock's press to the first account on a slowed phone.
  defaultPendingMinMs: 0,
  defaultErrorComponent: RouteError,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
