import type { AccountView } from './accounts.mapper.js';

/**
 * Twofold's own account fields, answered only when the request asks for them (`withExtras`):
 * 2FAuth clients never meet a field they did not ask for.
 */
export function accountExtras(view: Pick<AccountView, 'favorite' | 'favorite_order'>) {
  return { favorite: view.favorite, favorite_order: view.favorite_order };
}
