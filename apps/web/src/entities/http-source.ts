import { wholeList } from '@twofold/contract';
import { api, unwrap } from '../api/client';
import type { VaultSource } from './data-source';

/** The server as the source of the accounts, groups and codes: the API v1 through the SDK client. */
export const httpVaultSource: VaultSource = {
  // Twofold's own fields (favourites, tags, recovery-code counts) come only when asked for: `withExtras`.
  listAccounts: () =>
    unwrap(api.GET('/api/v1/twofaccounts', { params: { query: { withExtras: '1' } } })).then(wholeList),
  listAccountsWithSecrets: () =>
    unwrap(api.GET('/api/v1/twofaccounts', { params: { query: { withSecret: '1', withExtras: '1' } } })).then(
      wholeList,
    ),
  account: (id) =>
    unwrap(api.GET('/api/v1/twofaccounts/{id}', { params: { path: { id }, query: { withExtras: '1' } } })),
  listGroups: () => unwrap(api.GET('/api/v1/groups')),
  group: (id) => unwrap(api.GET('/api/v1/groups/{id}', { params: { path: { id } } })),
  otp: (id) => unwrap(api.GET('/api/v1/twofaccounts/{id}/otp', { params: { path: { id } } })),
  recovery: (id) => unwrap(api.GET('/api/v1/twofaccounts/{id}/recovery', { params: { path: { id } } })),
};
