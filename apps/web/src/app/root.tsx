import { createRootRouteWithContext, HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Notifications } from '../ui/Notifications';
import { appConfigQuery } from './queries';
import { useThemeSetting } from './theme';

export interface RouterContext {
  readonly queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** i18n key (namespace 'common', under `routes.`) of the page title: titles come from route names. */
    readonly title?: string;
    /** Shows the about link (version) in the footer. */
    readonly showAbout?: boolean;
  }
}

/** The page title follows the route name. */
function useRouteTitle(): void {
  const { t } = useTranslation();
  const title = useRouterState({
    select: (state) => [...state.matches].reverse().find((match) => match.staticData.title)?.staticData.title,
  });
  useEffect(() => {
    document.title = title ? `${t(`routes.${title}`)} · Twofold` : 'Twofold';
  }, [t, title]);
}

function DemoBanner() {
  const { t } = useTranslation();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  if (!config.isDemoApp && !config.isTestingApp) return null;
  return (
    <div className="demo-banner" role="note">
      {config.isDemoApp ? t('banner.demo') : t('banner.testing')}
    </div>
  );
}

function Root() {
  useRouteTitle();
  useThemeSetting();
  return (
    <>
      <HeadContent />
      <Notifications />
      <DemoBanner />
      <Outlet />
    </>
  );
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.queryClient.ensureQueryData(appConfigQuery),
  component: Root,
});
