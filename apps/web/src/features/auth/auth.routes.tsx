import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { publicLayout } from '../../app/layouts';
import { currentUserQuery, userNameQuery } from '../../app/queries';
import { LoginScreen } from './LoginScreen';
import { RegisterScreen } from './RegisterScreen';
import { AutolockScreen } from './AutolockScreen';

/** Login entry (product.md §4): signed in -> accounts; nobody registered -> register; else login. */
export const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/login',
  staticData: { title: 'login' },
  validateSearch: (search: Record<string, unknown>): { forceRefresh?: boolean } =>
    search.forceRefresh === true || search.forceRefresh === 'true' ? { forceRefresh: true } : {},
  beforeLoad: async ({ context }) => {
    const signedIn = await context.queryClient.fetchQuery(currentUserQuery).then(
      (user) => user.email !== null,
      () => false,
    );
    if (signedIn) throw redirect({ to: '/accounts' });
    const { name } = await context.queryClient.fetchQuery(userNameQuery);
    if (name === null) throw redirect({ to: '/register' });
  },
  component: function Login() {
    const navigate = useNavigate();
    const { data } = useSuspenseQuery(userNameQuery);
    return <LoginScreen userName={data.name} onSignedIn={() => navigate({ to: '/accounts' })} />;
  },
});

export const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/register',
  staticData: { title: 'register' },
  component: function Register() {
    const navigate = useNavigate();
    return <RegisterScreen onRegistered={() => navigate({ to: '/accounts' })} />;
  },
});

export const autolockRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/autolock',
  staticData: { title: 'autolock' },
  component: AutolockScreen,
});

export const authRoutes = [loginRoute, registerRoute, autolockRoute];
