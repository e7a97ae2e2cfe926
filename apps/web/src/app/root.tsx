import { HeadContent, Outlet, useRouterState } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Notifications } from '../ui/Notifications';
import { appConfigQuery } from '../entities/server/server.api';
import { useThemeSetting } from './theme';
import './shell.css';

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

/** The root route's component: titles, theme, notifications, the demo banner. */
export function Root() {
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
