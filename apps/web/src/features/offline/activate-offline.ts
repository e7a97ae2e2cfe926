import type { QueryClient } from '@tanstack/react-query';
import { showCopyIcons } from '../../entities/account/icon.api';
import { learnServerTime } from '../../api/server-time';
import { provideVaultSource } from '../../entities/data-source';
import type { CopyContent } from '../../entities/device-copy/device-copy';
import { lockCopy } from '../../entities/device-copy/device-copy';
import type { DataModeStore } from '../../lib/data-mode';
import {
  offlineVaultSource,
  setOfflineSourceTexts,
  type OfflineSourceTexts,
} from '../../entities/device-copy/offline-source';

/**
 * Runs the app from the unlocked copy: its reads go to the copy, the shell's own data (config,
 * user and preferences, settings) comes from it, and codes follow the server's clock as last
 * measured. Leaving the page drops the key.
 */
export function activateOffline(
  queryClient: QueryClient,
  content: CopyContent,
  texts: OfflineSourceTexts,
  dataMode: DataModeStore,
): void {
  setOfflineSourceTexts(texts);
  provideVaultSource(offlineVaultSource);
  // The same reading the Date header would give (server-time.ts adds half its resolution).
  const now = Date.now();
  learnServerTime(now + content.serverOffsetMs - 500, now);
  queryClient.setQueryData(['app-config'], content.appConfig);
  queryClient.setQueryData(['user'], content.user);
  queryClient.setQueryData(['settings'], content.settings);
  showCopyIcons(content.icons ?? null);
  dataMode.set({ kind: 'offline-open', refreshedAt: content.refreshedAt });
  window.addEventListener('pagehide', () => lockCopy());
  // Back from the page cache: the key is gone, so start over (the unlock screen).
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) window.location.reload();
  });
}
