import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { accountsQuery } from './account/account.api';
import { otpQuery } from './account/otp';
import { groupsQuery } from './group/group.api';
import { provideVaultSource, type Account, type Otp, type VaultSource } from './data-source';
import { httpVaultSource } from './http-source';

const github = { id: 1, service: 'GitHub', account: 'ada', otp_type: 'hotp', counter: 4 } as Account;

/** A source of another kind than the server's: what a copy kept on the device would give. */
function localSource(): VaultSource {
  return {
    listAccounts: () => Promise.resolve([github]),
    listAccountsWithSecrets: () => Promise.resolve([github]),
    account: () => Promise.reject(new Error('not needed')),
    listGroups: () => Promise.resolve([{ id: 0, name: 'All', show_in_chips: null, twofaccounts_count: 1 }]),
    group: () => Promise.reject(new Error('not needed')),
    otp: () => Promise.resolve({ password: '123456', otp_type: 'hotp', counter: 5 } as Otp),
    recovery: () => Promise.resolve(null),
  };
}

describe('the entities read through the data-source port', () => {
  afterEach(() => provideVaultSource(httpVaultSource));

  it('lists accounts and groups from whichever source is provided', async () => {
    provideVaultSource(localSource());
    const client = new QueryClient();
    expect(await client.fetchQuery(accountsQuery)).toEqual([github]);
    expect((await client.fetchQuery(groupsQuery)).map((group) => group.name)).toEqual(['All']);
  });

  it('reads a code from the source, and an HOTP code moves the listed counter on', async () => {
    provideVaultSource(localSource());
    const client = new QueryClient();
    await client.fetchQuery(accountsQuery);
    expect((await client.fetchQuery(otpQuery(1))).password).toBe('123456');
    expect(client.getQueryData(accountsQuery.queryKey)?.[0]?.counter).toBe(5);
  });
});
