import { getRouteApi } from '@tanstack/react-router';
import { AccountsScreen } from './AccountsScreen';

const route = getRouteApi('/signed-in/accounts');

export function AccountsPage() {
  const search = route.useSearch();
  return (
    <AccountsScreen toRefresh={search.toRefresh === true} initialEditMode={search.InitialEditMode === true} />
  );
}
