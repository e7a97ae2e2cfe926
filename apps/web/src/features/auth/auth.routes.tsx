import { lazy } from 'react';
import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { publicLayout } from '../../lib/routes';
import { sessionStatusQuery, userNameQuery } from '../../entities/user/user.api';
import { refreshCsrf } from './auth.api';
import { loadCatalogues } from '../../i18n/i18n';
import './auth.css';

/** Query of the e-mailed links: the address and the token (password.reset, webauthn.recover). */
export interface EmailLinkSearch {
  readonly email: string;
  readonly token: string;
}

function emailLinkSearch(search: Record<string, unknown>): EmailLinkSearch {
  return {
    email: typeof search.email === 'string' ? search.email : '',
    token: typeof search.token === 'string' ? search.token : '',
  };
}

// Signed-in visits never show these screens: they are downloaded when first shown (first-visit budget).
const LoginScreen = lazy(() => import('./LoginScreen').then((module) => ({ default: module.LoginScreen })));

/** Login entry: signed in -> accounts; nobody registered -> register; else login. */
export const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/login',
  staticData: { title: 'login' },
  validateSearch: (search: Record<string, unknown>): { forceRefresh?: boolean } =>
    search.forceRefresh === true || search.forceRefresh === 'true' ? { forceRefresh: true } : {},
  beforeLoad: async ({ context, search }) => {
    // After a sign-out: start from a fresh anonymous session (new CSRF token) and fresh data.
    if (search.forceRefresh) {
      await refreshCsrf();
      context.queryClient.removeQueries({ queryKey: userNameQuery.queryKey });
    }
    const { user } = await context.queryClient.fetchQuery({ ...sessionStatusQuery, staleTime: 0 });
    if (user && user.email !== null) throw redirect({ to: '/accounts' });
    const { name } = await context.queryClient.fetchQuery(userNameQuery);
    if (name === null) throw redirect({ to: '/register' });
  },
  loader: loadCatalogues('auth'),
  component: function Login() {
    const { data } = useSuspenseQuery(userNameQuery);
    const { data: status } = useSuspenseQuery(sessionStatusQuery);
    return <LoginScreen userName={data.name} hasDevice={status.security_device} />;
  },
});

export const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/register',
  staticData: { title: 'register' },
  // Signed in: there is nobody to register (the one user exists), so the list instead of a refusal.
  beforeLoad: async ({ context }) => {
    const { user } = await context.queryClient.fetchQuery({ ...sessionStatusQuery, staleTime: 0 });
    if (user && user.email !== null) throw redirect({ to: '/accounts' });
  },
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./RegisterScreen'), 'RegisterScreen'),
});

// The other screens of this feature are rarely seen: each is downloaded when first needed.
export const autolockRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/autolock',
  staticData: { title: 'autolock' },
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./AutolockScreen'), 'AutolockScreen'),
});

export const passwordRequestRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/password/request',
  staticData: { title: 'passwordRequest' },
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./EmailRequestScreen'), 'PasswordRequestScreen'),
});

export const passwordResetRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/user/password/reset',
  staticData: { title: 'passwordReset' },
  validateSearch: emailLinkSearch,
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./email-link.pages'), 'PasswordResetPage'),
});

export const deviceLostRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/webauthn/lost',
  staticData: { title: 'webauthnLost' },
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./EmailRequestScreen'), 'DeviceLostScreen'),
});

export const deviceRecoverRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/webauthn/recover',
  staticData: { title: 'webauthnRecover' },
  validateSearch: emailLinkSearch,
  loader: loadCatalogues('auth'),
  component: lazyRouteComponent(() => import('./email-link.pages'), 'DeviceRecoverPage'),
});

export const authRoutes = [
  loginRoute,
  registerRoute,
  autolockRoute,
  passwordRequestRoute,
  passwordResetRoute,
  deviceLostRoute,
  deviceRecoverRoute,
];
