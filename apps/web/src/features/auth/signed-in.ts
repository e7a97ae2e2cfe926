import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { rememberPreferences, shellPreferences } from '../../entities/settings/preferences';
import { devicesQuery } from '../../entities/user/devices.api';
import { changeLocale, resolveLocale } from '../../i18n/i18n';
import { takeReturn } from '../../lib/return-after-sign-in';

/**
 * After a sign-in, a registration or a recovery: drop whatever was cached for the anonymous visitor,
 * adopt the user's language and sign-in preferences, and go to the accounts (or to the page that
 * asked to be come back to).
 */
export function useSignedIn(): (preferences?: Readonly<Record<string, unknown>>) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (preferences) => {
      queryClient.clear();
      // Whether to offer device sign-in next time (devicesQuery remembers the count).
      void queryClient.fetchQuery(devicesQuery).catch(() => undefined);
      if (preferences) {
        const shell = shellPreferences(preferences);
        rememberPreferences(shell);
        await changeLocale(resolveLocale(shell.lang));
      }
      const back = takeReturn();
      await (back ? navigate({ href: back }) : navigate({ to: '/accounts' }));
    },
    [navigate, queryClient],
  );
}
