import { NeedsServerScreen } from './NeedsServerScreen';
import { OfflineUnlockScreen } from './OfflineUnlockScreen';

export { OfflineBanner } from './OfflineBanner';

/** One lazily loaded module for the shell: the unlock screen, or what needs the server. */
export function OfflineFallback({ needsServer }: { readonly needsServer: boolean }) {
  return needsServer ? <NeedsServerScreen /> : <OfflineUnlockScreen />;
}
