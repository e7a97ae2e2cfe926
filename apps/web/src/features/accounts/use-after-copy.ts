import { useCallback } from 'react';
import type { NativeSettings } from '@twofold/otp/browser';

/**
 * What follows a copy on the accounts screen, as the settings ask: the search is emptied
 * (`clearSearchOnCopy`), the default group is shown (`viewDefaultGroupOnCopy`; 'the active group'
 * leaves the list as it is).
 */
export function useAfterCopy(
  settings: NativeSettings,
  actions: { readonly clearSearch: () => void; readonly chooseGroup: (id: number) => void },
): () => void {
  const { clearSearch, chooseGroup } = actions;
  const { clearSearchOnCopy, viewDefaultGroupOnCopy, defaultGroup } = settings;
  return useCallback(() => {
    if (clearSearchOnCopy) clearSearch();
    if (viewDefaultGroupOnCopy && defaultGroup !== -1) chooseGroup(defaultGroup);
  }, [chooseGroup, clearSearch, clearSearchOnCopy, defaultGroup, viewDefaultGroupOnCopy]);
}
