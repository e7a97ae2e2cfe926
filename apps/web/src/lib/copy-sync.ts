import type { QueryClient } from '@tanstack/react-query';
import { deviceCopyId } from '../api/client';
import { dataMode } from './data-mode';
import { refreshCopy } from '../entities/device-copy/device-copy';
import { notify } from '../ui/notify';

const REFRESHED_LISTS = new Set(['accounts', 'groups']);
let installed = false;

/**
 * Keeps the device's copy fresh: each time the accounts or groups are read again from the server
 * (after a change the app makes, or when another client's change is seen), the copy is refreshed.
 * A revoked copy is erased there (refreshCopy), and the user is told.
 */
export function installCopySync(client: QueryClient, erasedText: () => Promise<string>): void {
  if (installed) return;
  installed = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    // Read from the copy itself, or no copy: nothing to refresh.
    if (dataMode.current().kind !== 'online' || !deviceCopyId()) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      refreshCopy().then(
        async (outcome) => {
          if (outcome !== 'erased') return;
          notify('warning', await erasedText(), { duration: -1 });
        },
        // The server cannot be reached: the next read tries again.
        () => undefined,
      );
    }, 300);
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const name: unknown = (event.query.queryKey as readonly unknown[])[0];
    if (typeof name === 'string' && REFRESHED_LISTS.has(name)) schedule();
  });
  // The lists may have been read before this module arrived: refresh once now too.
  schedule();
}
