import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, isApiError, unwrap } from '../../api/client';
import { currentUserQuery, settingsQuery } from '../../app/queries';
import { LOCAL_LANG } from '../../app/preferences';
import { notify } from '../../ui/notify';
import { listDevices } from '../auth/webauthn.api';

/** Groups offered as the default group of new accounts (only ids > 0, product.md §3). */
export const groupChoicesQuery = queryOptions({
  queryKey: ['groups'],
  queryFn: () => unwrap(api.GET('/api/v1/groups')),
  staleTime: 0,
});

export const tokensQuery = queryOptions({
  queryKey: ['personal-access-tokens'],
  queryFn: () => unwrap(api.GET('/oauth/personal-access-tokens')),
  staleTime: 0,
  retry: false,
  // A proxy user gets 400 here: the screen says the feature is not available (product.md §6).
  meta: { handles: [400] },
});

export const devicesQuery = queryOptions({
  queryKey: ['webauthn-credentials'],
  queryFn: listDevices,
  staleTime: 0,
  retry: false,
  // A proxy user gets 400 here: the screen says the feature is not available (product.md §6).
  meta: { handles: [400] },
});

export type SettingValue = string | number | boolean;

/**
 * Saves one setting at once (product.md §4, settings): the app's copy takes the value the server
 * returns, a language change reloads the page, and a refusal (encryption, WebAuthn options) shows
 * the server's message and leaves the previous value.
 */
export function useSaveSetting() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: SettingValue }) =>
      unwrap(api.PUT('/api/v1/settings/{key}', { params: { path: { key } }, body: { value } })),
    meta: { handles: [400, 403] },
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQuery.queryKey, (list) =>
        list?.map((entry) => (entry.key === saved.key ? { ...entry, value: saved.value } : entry)),
      );
      queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
        user && saved.key in user.preferences
          ? { ...user, preferences: { ...user.preferences, [saved.key]: saved.value } }
          : user,
      );
      if (saved.key === 'lang') {
        const previous = localStorage.getItem(LOCAL_LANG);
        localStorage.setItem(LOCAL_LANG, String(saved.value));
        if (previous !== saved.value) {
          window.location.reload();
          return;
        }
      }
      notify('success', t('saved'));
    },
    onError: (error) => {
      if (isApiError(error, 400) || isApiError(error, 403)) notify('danger', error.message, { duration: -1 });
      else if (isApiError(error, 422))
        notify('danger', Object.values(error.fieldErrors)[0]?.[0] ?? error.message, { duration: -1 });
    },
  });
}
