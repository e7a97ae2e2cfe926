import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Group } from '../../entities/group/group.api';
import type { NativeSettings } from '@twofold/otp/browser';
import { saveSetting, storeSavedSetting } from '../../entities/settings/settings.api';

/**
 * The group whose accounts are listed: the one chosen on this screen, else the remembered one
 * (when the settings say to remember it), else all. A group that no longer exists counts as all.
 */
export function useActiveGroup(settings: NativeSettings, groups: readonly Group[] | undefined) {
  const queryClient = useQueryClient();
  const [localGroup, setLocalGroup] = useState<number | null>(null);
  const knownGroup = (id: number) => id === 0 || (groups?.some((group) => group.id === id) ?? true);
  const settingGroup =
    settings.rememberActiveGroup && knownGroup(settings.activeGroup) ? settings.activeGroup : 0;
  const activeGroupId = localGroup !== null && knownGroup(localGroup) ? localGroup : settingGroup;

  const remember = settings.rememberActiveGroup;
  const choose = useCallback(
    (id: number) => {
      setLocalGroup(id);
      if (!remember) return;
      // Remembering is a convenience: a failure leaves the choice for this visit.
      void saveSetting('activeGroup', id)
        .then((saved) => storeSavedSetting(queryClient, saved))
        .catch(() => undefined);
    },
    [queryClient, remember],
  );

  return { activeGroupId, activeGroup: groups?.find((group) => group.id === activeGroupId), choose };
}
