import type { useNavigate } from '@tanstack/react-router';
import { endSession } from '../entities/user/user.api';
import type { ResponseOf } from '@twofold/contract';
import { queryClient } from './query-client';
import { KEPT_ON_SIGN_OUT } from '../entities/settings/preferences';
import { DEVICE_COPY_MARKER, deviceCopyId } from '../api/client';

type AppConfig = ResponseOf<'/app-config', 'get'>;

/**
 * Sign out: behind a proxy, go to its logout URL when there is one; otherwise end
 * the session, forget everything kept locally but the device's copy (kept unless the user chose to
 * erase it: it is what opens the codes on the day the server is down), and go to the login screen.
 */
export async function signOut(
  config: AppConfig,
  navigate: ReturnType<typeof useNavigate>,
  keepCopy = true,
): Promise<void> {
  if (config.proxyAuth) {
    if (config.proxyLogoutUrl) window.location.assign(config.proxyLogoutUrl);
    return;
  }
  await endSession();
  if (deviceCopyId() !== null) {
    const copy = await import('../entities/device-copy/device-copy');
    if (keepCopy) copy.lockCopy();
    else await copy.eraseCopy();
  }
  forgetLocalData(keepCopy);
  queryClient.clear();
  await navigate({ to: '/login', search: { forceRefresh: true } });
}

/**
 * Clears what the app kept locally about the user's data, but not the language and sign-in method
 * preferences the next sign-in screen needs before anybody is signed in.
 */
export function forgetLocalData(keepCopy = false): void {
  const keys = keepCopy ? [...KEPT_ON_SIGN_OUT, DEVICE_COPY_MARKER] : KEPT_ON_SIGN_OUT;
  const kept = keys.map((key) => [key, localStorage.getItem(key)] as const);
  localStorage.clear();
  for (const [key, value] of kept) if (value !== null) localStorage.setItem(key, value);
}
