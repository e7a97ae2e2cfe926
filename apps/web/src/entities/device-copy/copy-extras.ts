import { api, unwrap } from '../../api/client';
import type { Account, AccountRecovery } from '../data-source';
import { needsConfirmation } from '../user/confirm-identity.api';

/*
 * The notes and recovery codes a copy keeps when its user chose so (`keepsExtras`): read from the
 * server one account at a time, as the recovery screen reads them, for the accounts a refresh
 * fetched that have any. The server asks a web session to have confirmed who it is in the last
 * five minutes: turning the choice on asks for it; a later refresh past those minutes keeps the
 * extras the copy already holds for the accounts it could not read (`unread`).
 */

/** A refresh's extras: to seal, to drop (the account has none any more), and left as held. */
export interface ExtrasRead {
  readonly sealed: Record<string, AccountRecovery>;
  readonly gone: number[];
  readonly unread: number[];
}

const hasExtras = (account: Account) => account.has_note === true || (account.recovery_codes?.total ?? 0) > 0;

/** Requests at a time: a copy turned on with 1,000 accounts does not open 1,000 at once. */
const PARALLEL = 6;

/**
 * The extras of `accounts`. `strict`: a confirmation the server asks for is thrown (turning the
 * choice on, where the screen asks for it); else those accounts are left `unread`.
 */
export async function readExtras(accounts: readonly Account[], strict: boolean): Promise<ExtrasRead> {
  const sealed: Record<string, AccountRecovery> = {};
  const gone: number[] = [];
  const unread: number[] = [];
  const queue = accounts.filter((account) => {
    if (hasExtras(account)) return true;
    gone.push(account.id);
    return false;
  });
  const next = async (): Promise<void> => {
    const account = queue.shift();
    if (!account) return;
    try {
      sealed[account.id] = await unwrap(
        api.GET('/api/v1/twofaccounts/{id}/recovery', { params: { path: { id: account.id } } }),
      );
    } catch (error) {
      if (strict || !needsConfirmation(error)) throw error;
      unread.push(account.id);
    }
    return next();
  };
  await Promise.all(Array.from({ length: PARALLEL }, next));
  return { sealed, gone, unread };
}
