import { createRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { authLayout } from '../../app/layouts';

// Settings screens are built in the Web app I issue; this is their entry point.
export const settingsOptionsRoute = createRoute({
  getParentRoute: () => authLayout,
  path: '/settings/options',
  staticData: { title: 'settings', showAbout: true },
  component: function SettingsOptions() {
    const { t } = useTranslation();
    return <h1>{t('footer.settings')}</h1>;
  },
});

export const settingsRoutes = [settingsOptionsRoute];
