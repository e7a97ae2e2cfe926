import type { AccountView } from './accounts.mapper.js';

/**
 * Twofold's own account fields, answered only when the request asks for them (`withExtras`):
 * 2FAuth clients never meet a field they did not ask for. The favourite fields are written for
 * favourites only (absent = not starred): on a list of 1,000 accounts, mostly not starred, that
 * keeps the answer as light as before.
 */
export function accountExtras(view: Pick<AccountView, 'favorite' | 'favorite_order'>): {
  favorite?: true;
  favorite_order?: number | null;
} {
  return view.favorite ? { favorite: true, favorite_order: view.favorite_order } : {};
}
