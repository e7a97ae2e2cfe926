import { createRoute, lazyRouteComponent, Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authLayout, loadData } from '../../lib/routes';
import { settingsQuery } from '../../entities/settings/settings.api';
import { loadCatalogues } from '../../i18n/i18n';
import './settings.css';

/** Settings tabs: the active one is marked, a click navigates to it. */
function SettingsLayout() {
  const { t, i18n } = useTranslation('settings');
  const tabs = [
    { to: '/settings/options', label: t('tabs.options') },
    { to: '/settings/account', label: t('tabs.account') },
    { to: '/settings/oauth', label: t('tabs.tokens') },
    { to: '/settings/webauthn', label: t('tabs.devices') },
    { to: '/settings/backups', label: t('tabs.backups') },
    { to: '/settings/alerts', label: t('tabs.alerts') },
    { to: '/settings/device', label: t('tabs.thisDevice') },
    { to: '/settings/security', label: t('tabs.security') },
  ] as const;
  const strip = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the tabs scroll sideways: the current one is brought into view.
  // Checked again whenever the strip's size changes: labels and direction can settle after the
  // first paint (a language's catalogue arriving, right-to-left applied).
  useEffect(() => {
    const nav = strip.current;
    if (!nav) return;
    const reveal = () => {
      const current = nav.querySelector<HTMLElement>('[aria-current="page"]');
      if (!current || nav.scrollWidth <= nav.clientWidth) return;
      const [navBox, box] = [nav.getBoundingClientRect(), current.getBoundingClientRect()];
      if (box.left < navBox.left || box.right > navBox.right)
        current.scrollIntoView({ block: 'nearest', inline: 'center' });
    };
    reveal();
    const observer = new ResizeObserver(reveal);
    observer.observe(nav);
    for (const child of nav.children) observer.observe(child);
    return () => observer.disconnect();
  }, [pathname, i18n.language]);
  return (
    <div className="settings">
      <Link to="/accounts" className="settings-back">
        {t('backToAccounts')}
      </Link>
      <h1 className="settings-title">{t('title')}</h1>
      <nav className="settings-tabs" aria-label={t('tabs.label')} ref={strip}>
        {tabs.map((tab) => (
          <Link key={tab.to} to={tab.to} className="settings-tab" activeProps={{ 'aria-current': 'page' }}>
            {tab.label}
          </Link>
        ))}
      </nav>
      <div className="settings-content">
        <Outlet />
      </div>
    </div>
  );
}

const settingsLayout = createRoute({
  getParentRoute: () => authLayout,
  id: 'settings',
  staticData: { showAbout: true },
  // The texts of every settings screen (the security devices screen also reads the sign-in ones).
  loader: async ({ context }) => {
    await Promise.all([loadCatalogues('settings', 'auth')(), loadData(context, settingsQuery)]);
  },
  component: SettingsLayout,
});

// Every settings screen is downloaded when first opened.
export const settingsOptionsRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/options',
  staticData: { title: 'settings', showAbout: true },
  component: lazyRouteComponent(() => import('./OptionsScreen'), 'OptionsScreen'),
});

export const settingsAccountRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/account',
  staticData: { title: 'settingsAccount', showAbout: true },
  component: lazyRouteComponent(() => import('./AccountScreen'), 'AccountScreen'),
});

export const tokensRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/oauth',
  staticData: { title: 'tokens', showAbout: true },
  component: lazyRouteComponent(() => import('./TokensScreen'), 'TokensScreen'),
});

export const generateTokenRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/oauth/pat/create',
  staticData: { title: 'generatePAT', showAbout: true },
  component: lazyRouteComponent(() => import('./GenerateTokenScreen'), 'GenerateTokenScreen'),
});

export const devicesRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/webauthn',
  staticData: { title: 'devices', showAbout: true },
  component: lazyRouteComponent(() => import('./DevicesScreen'), 'DevicesScreen'),
});

export const backupsRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/backups',
  staticData: { title: 'backups', showAbout: true },
  component: lazyRouteComponent(() => import('./backups/BackupsScreen'), 'BackupsScreen'),
});

export const alertsRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/alerts',
  staticData: { title: 'alerts', showAbout: true },
  component: lazyRouteComponent(() => import('./alerts/AlertsScreen'), 'AlertsScreen'),
});

export const thisDeviceRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/device',
  staticData: { title: 'settings', showAbout: true },
  loader: loadCatalogues('offline', 'auth'),
  component: lazyRouteComponent(() => import('./ThisDeviceScreen'), 'ThisDeviceScreen'),
});

export const securityRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/security',
  staticData: { title: 'security', showAbout: true },
  component: lazyRouteComponent(() => import('./SecurityScreen'), 'SecurityScreen'),
});

/** Rename a device: receives its id (path) and current name (query). */
export const editDeviceRoute = createRoute({
  getParentRoute: () => settingsLayout,
  path: '/settings/webauthn/$credentialId/edit',
  staticData: { title: 'editCredential', showAbout: true },
  validateSearch: (search: Record<string, unknown>): { name?: string } =>
    typeof search.name === 'string' ? { name: search.name } : {},
  component: lazyRouteComponent(() => import('./EditDeviceScreen'), 'EditDeviceScreen'),
});

export const settingsRoutes = [
  settingsLayout.addChildren([
    settingsOptionsRoute,
    settingsAccountRoute,
    tokensRoute,
    generateTokenRoute,
    devicesRoute,
    editDeviceRoute,
    backupsRoute,
    alertsRoute,
    thisDeviceRoute,
    securityRoute,
  ]),
];
