import type { useNavigate } from '@tanstack/react-router';
import { api } from '../api/client';
import type { ResponseOf } from '@twofold/contract';
import { queryClient } from './query-client';

type AppConfig = ResponseOf<'/app-config', 'get'>;

/**
 * Sign out (product.md §4): behind a proxy, go to its logout URL when there is one; otherwise end
 * the session, forget everything kept locally, and go to the login screen.
 */
export async function signOut(config: AppConfig, navigate: ReturnType<typeof useNavigate>): Promise<void> {
  if (config.proxyAuth) {
    if (config.proxyLogoutUrl) window.location.assign(config.proxyLogoutUrl);
    return;
  }
  await api.GET('/user/logout').catch(() => undefined);
  localStorage.clear();
  queryClient.clear();
  await navigate({ to: '/login', search: { forceRefresh: true } });
}
