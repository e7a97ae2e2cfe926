import { createRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { authLayout } from '../../app/layouts';

// The accounts experience is built in its own issue (Web app II); this is its entry point.
export const accountsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/accounts',
  staticData: { title: 'accounts' },
  component: function Accounts() {
    const { t } = useTranslation();
    return <h1>{t('routes.accounts')}</h1>;
  },
});

/** The root path shows the accounts. */
export const homeRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/accounts' });
  },
});

export const accountsRoutes = [accountsRoute, homeRoute];
