import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ResponseOf } from '@twofold/contract';
import { api, unwrap } from '../../api/client';
import { currentUserQuery } from '../user/user.api';

export type SettingValue = string | number | boolean;
type SavedSetting = ResponseOf<'/api/v1/settings/{key}', 'put'>;

/** Every setting as a key/value list; kept locally between visits (see persist.ts). */
export const settingsQuery = queryOptions({
  queryKey: ['settings'],
  queryFn: () => unwrap(api.GET('/api/v1/settings')),
  staleTime: 60_000,
});

export function saveSetting(key: string, value: SettingValue): Promise<SavedSetting> {
  return unwrap(api.PUT('/api/v1/settings/{key}', { params: { path: { key } }, body: { value } }));
}

/** The app's copies (the settings list, the user's preferences) take the value the server stored. */
export function storeSavedSetting(queryClient: QueryClient, saved: SavedSetting): void {
  queryClient.setQueryData(settingsQuery.queryKey, (list) =>
    list?.map((entry) => (entry.key === saved.key ? { ...entry, value: saved.value } : entry)),
  );
  queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
    user && saved.key in user.preferences
      ? { ...user, preferences: { ...user.preferences, [saved.key]: saved.value } }
      : user,
  );
}
