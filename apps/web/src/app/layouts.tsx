import { Link, Outlet, useNavigate, useMatches } from '@tanstack/react-router';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, resolveLocale } from '../i18n/i18n';
import { currentUserQuery } from '../entities/user/user.api';
import { appConfigQuery } from '../entities/server/server.api';
import { ClockBanner } from '../entities/server/ClockBanner';
import { useInactivityLock } from './inactivity';
import { rememberPreferences, shellPreferences } from '../entities/settings/preferences';
import { signOut } from '../lib/session';
import { deviceCopyId } from '../api/client';
import { dataMode } from '../lib/data-mode';

// The sign-out confirmation (a Radix dialog) is downloaded when asked for, not on the first visit.
const SignOutDialog = lazy(() =>
  import('./SignOutDialog').then((module) => ({ default: module.SignOutDialog })),
);
const OfflineBanner = lazy(() =>
  import('../features/offline/OfflineScreens').then((module) => ({ default: module.OfflineBanner })),
);

/** The public layout: the sign-in screens and a footer link to About. */
export function PublicLayout() {
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

/** The signed-in layout: remembers the preferences, runs auto-lock, shows the footer. */
export function SignedInLayout() {
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
  const mode = useSyncExternalStore(dataMode.subscribe, dataMode.current);
  const offlineSince = mode.kind === 'offline-open' ? mode.refreshedAt : null;
  // Auto lock; proxy users are never locked by the server, nor by us. Reading from the device's
  // copy, locking is starting over: the reload drops the key from memory, and the copy asks for
  // its passphrase again.
  useInactivityLock(
    user.authenticated_by_proxy ? 0 : preferences.kickUserAfter,
    () =>
      dataMode.current().kind === 'online' ? void navigate({ to: '/autolock' }) : window.location.reload(),
    () => queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 }),
  );
  return (
    <div className="app-layout">
      {offlineSince === null && <ClockBanner />}
      {offlineSince !== null && (
        <Suspense fallback={null}>
          <OfflineBanner refreshedAt={offlineSince} />
        </Suspense>
      )}
      <main className="app-main">
        <Outlet />
      </main>
      <Footer email={preferences.showEmailInFooter ? user.email : null} />
    </div>
  );
}

/**
 * Name, version, Accounts, Settings and Sign out (shown per the proxy rules, with confirmation);
 * the signed-in e-mail above them when the user asks for it.
 */
export function Footer({ email }: { readonly email: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const [confirming, setConfirming] = useState(false);
  const hasCopy = confirming && deviceCopyId() !== null;
  const showAbout = useMatches({ select: (matches) => matches.some((match) => match.staticData.showAbout) });
  const canSignOut = !config.proxyAuth || config.proxyLogoutUrl !== null;
  return (
    <footer className="footer">
      {email && <p className="footer-email">{email}</p>}
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
      {confirming && (
        <Suspense fallback={null}>
          <SignOutDialog
            open={confirming}
            onOpenChange={setConfirming}
            hasCopy={hasCopy}
            onConfirm={(eraseCopy) => void signOut(config, navigate, !eraseCopy)}
          />
        </Suspense>
      )}
    </footer>
  );
}
