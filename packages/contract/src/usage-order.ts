import type { AccountUsage } from './types.js';

/** The orders by use: the last code read first, or the most codes read first. */
export type UseOrder = 'recent' | 'used';

/**
 * The accounts by use (`GET /api/v1/otp-logs/usage`): the favourites first, in the order given;
 * then the accounts read within the window, by their last read (`recent`) or by their codes read,
 * the last read breaking ties (`used`); then the accounts not read, in the order given.
 */
export function orderByUse<T extends { readonly id: number; readonly favorite?: boolean }>(
  accounts: readonly T[],
  usage: Readonly<AccountUsage>,
  order: UseOrder,
): T[] {
  const at = (account: T) => {
    const use = usage[String(account.id)];
    return use ? Date.parse(use.last_used_at) : Number.NEGATIVE_INFINITY;
  };
  const uses = (account: T) => usage[String(account.id)]?.uses ?? 0;
  const byUse = accounts
    .filter((account) => account.favorite !== true)
    .sort((a, b) => {
      if (order === 'used' && uses(a) !== uses(b)) return uses(b) - uses(a);
      const [ta, tb] = [at(a), at(b)];
      return ta === tb ? 0 : ta > tb ? -1 : 1;
    });
  return [...accounts.filter((account) => account.favorite === true), ...byUse];
}
