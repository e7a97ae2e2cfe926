import { createRoute, Link, Outlet, redirect, useNavigate, useMatches } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { changeLocale, resolveLocale } from '../i18n/i18n';
import { currentUserQuery } from '../entities/user/user.api';
import { appConfigQuery } from './queries';
import { useInactivityLock } from './inactivity';
import { rememberPreferences, shellPreferences } from './preferences';
import { rootRoute } from './root';
import { signOut } from './session';

/**
 * Public sign-in routes (login, register, recovery): turned off in reverse-proxy mode, where the
 * proxy signs people in.
 */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: async ({ context }) => {
    const config = await context.queryClient.ensureQueryData(appConfigQuery);
    if (config.proxyAuth) throw redirect({ to: '/accounts' });
  },
  component: PublicLayout,
});

function PublicLayout() {
  return (
    <div className="public-layout">
      <main className="public-main">
        <Outlet />
      </main>
      <footer className="footer footer-public">
        <Link to="/about">Twofold</Link>
      </footer>
    </div>
  );
}

/** Routes that need a signed-in user: the guard sends anybody else to the login screen. */
export const authLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context }) => {
    try {
      await context.queryClient.ensureQueryData(currentUserQuery);
    } catch (error) {
      if (isApiError(error, 401)) throw redirect({ to: '/login' });
      throw error;
    }
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const preferences = shellPreferences(user.preferences);
  const remembered = JSON.stringify(preferences);
  useEffect(() => {
    const current = JSON.parse(remembered) as typeof preferences;
    rememberPreferences(current);
    void changeLocale(resolveLocale(current.lang));
  }, [remembered]);
  // Auto lock; proxy users are never locked by the server, nor by us.
  useInactivityLock(
    user.authenticated_by_proxy ? 0 : preferences.kickUserAfter,
    () => void navigate({ to: '/autolock' }),
    () => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }),
  );
  return (
    <div className="app-layout">
      <main className="app-main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Name, version, Accounts, Settings and Sign out (shown per the proxy rules, with confirmation). */
export function Footer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const [confirming, setConfirming] = useState(false);
  const showAbout = useMatches({ select: (matches) => matches.some((match) => match.staticData.showAbout) });
  const canSignOut = !config.proxyAuth || config.proxyLogoutUrl !== null;
  return (
    <footer className="footer">
      <nav aria-label={t('footer.label')} className="footer-links">
        {showAbout ? (
          <Link to="/about" className="footer-brand">
            Twofold <span className="footer-version">v{config.version}</span>
          </Link>
        ) : (
          <span className="footer-brand">Twofold</span>
        )}
        <Link to="/accounts">{t('footer.accounts')}</Link>
        <Link to="/settings/options">{t('footer.settings')}</Link>
        {canSignOut && (
          <button type="button" className="link-button" onClick={() => setConfirming(true)}>
            {t('footer.signOut')}
          </button>
        )}
      </nav>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('footer.confirmSignOut')}
        confirmLabel={t('footer.signOut')}
        onConfirm={() => void signOut(config, navigate)}
      />
    </footer>
  );
}
