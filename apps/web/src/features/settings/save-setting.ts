import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { LOCAL_LANG } from '../../entities/settings/preferences';
import { saveSetting, storeSavedSetting, type SettingValue } from '../../entities/settings/settings.api';
import { notify } from '../../ui/notify';

/**
 * Saves one setting at once, the way the settings screens do: the app's copy takes the value the
 * server returns, a language change reloads the page, and a refusal (encryption, WebAuthn options)
 * shows the server's message and leaves the previous value.
 */
export function useSaveSetting() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: SettingValue }) => saveSetting(key, value),
    meta: { handles: [400, 403] },
    onSuccess: (saved) => {
      storeSavedSetting(queryClient, saved);
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
