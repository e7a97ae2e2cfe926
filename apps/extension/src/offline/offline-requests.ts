// The popup's requests about the offline copy, answered by the background apart from the online
// ones: whether this browser keeps a copy and whether it is unlocked, unlocking it with its
// passphrase, locking it, and turning it off. Never a secret in an answer.
import type { StorageArea } from '../lib/sealed.js';
import {
  eraseCopy,
  lockCopy,
  readCopy,
  unlockCopy,
  unlockedAccounts,
  type UnlockOutcome,
} from './offline-copy.js';

export type OfflineRequest =
  | { readonly type: 'offline-state' }
  | { readonly type: 'offline-unlock'; readonly passphrase: string }
  | { readonly type: 'offline-lock' }
  | { readonly type: 'offline-erase' };

export interface OfflineState {
  /** This browser keeps a copy. */
  readonly kept: boolean;
  readonly unlocked: boolean;
}

export async function offlineState(local: StorageArea, session: StorageArea): Promise<OfflineState> {
  const kept = (await readCopy(local)) !== null;
  return { kept, unlocked: kept && (await unlockedAccounts(local, session)) !== null };
}

export async function onOfflineRequest(
  local: StorageArea,
  session: StorageArea,
  request: OfflineRequest,
): Promise<OfflineState | UnlockOutcome> {
  switch (request.type) {
    case 'offline-state':
      return offlineState(local, session);
    case 'offline-unlock':
      return unlockCopy(local, session, request.passphrase);
    case 'offline-lock':
      await lockCopy(session);
      return offlineState(local, session);
    case 'offline-erase':
      await eraseCopy(local, session);
      return offlineState(local, session);
  }
}
