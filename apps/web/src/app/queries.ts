import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';

/**
 * Query-options factories shared by route loaders and components (style.md §14). Feature folders
 * keep their own; these are the ones the shell itself needs.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => unwrap(api.GET('/app-config')),
  staleTime: Infinity,
});

/**
 * Demo or testing mode: the features the server refuses there (api.md §2.6) are hidden or
 * disabled (api.md §0.1 #4).
 */
export function useDemoMode(): boolean {
  const { data: config } = useSuspenseQuery(appConfigQuery);
  return config.isDemoApp || config.isTestingApp;
}

/** The signed-in user; a 401 means nobody is signed in (the guard handles it). */
export const currentUserQuery = queryOptions({
  queryKey: ['user'],
  queryFn: () => unwrap(api.GET('/api/v1/user')),
  staleTime: 60_000,
  retry: false,
  meta: { handles: [401] },
});

/** The user's name as anonymous callers see it ({name: null} = nobody registered yet). */
export const userNameQuery = queryOptions({
  queryKey: ['user-name'],
  queryFn: () => unwrap(api.GET('/api/v1/user/name')),
  staleTime: 0,
  retry: false,
});

export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => unwrap(api.GET('/api/v1/settings')),
  staleTime: 60_000,
});
