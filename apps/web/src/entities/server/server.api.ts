import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/**
 * Query-options factories of the shell itself (the app's configuration and version). The data of
 * the features (accounts, groups, settings, user) has its factories in `entities/`.
 */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => unwrap(api.GET('/app-config')),
  staleTime: Infinity,
});

/**
 * Demo or testing mode: the server refuses some features there (account changes, sign-up, tokens...),
 * so the app hides or disables them rather than offer something that will fail.
 */
export function useDemoMode(): boolean {
  const { data: config } = useSuspenseQuery(appConfigQuery);
  return config.isDemoApp || config.isTestingApp;
}

/** The server's version and environment, shown on the About screen. */
export const infosQuery = queryOptions({
  queryKey: ['infos'],
  queryFn: () => unwrap(api.GET('/infos')),
  staleTime: 0,
});
