import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { forgetRestored, restoredData } from '../../lib/persist';
import { accountsQuery, type Account } from '../../entities/account/account.api';
import { accountSecretsQuery } from '../../entities/account/list-codes';
import { groupsQuery, type Group } from '../../entities/group/group.api';

/** Only what the screen shows: a changed HOTP counter is not a change worth a notice. */
function sameList<T>(a: readonly T[] | undefined, b: readonly T[] | undefined, pick: (item: T) => unknown) {
  if (!a || !b || a.length !== b.length) return a === b;
  return a.every((item, index) => JSON.stringify(pick(item)) === JSON.stringify(pick(b[index] as T)));
}
const accountView = (a: Account) => [a.id, a.service, a.account, a.icon, a.group_id, a.otp_type];
const groupView = (g: Group) => [g.id, g.name, g.twofaccounts_count];

interface Pinned {
  readonly accounts: Account[];
  readonly groups: Group[] | undefined;
}

/**
 * The accounts and groups the screen shows. The previous visit's lists (kept locally) show at
 * once; when the server's first answer differs, they stay on screen (`stale`) until the person
 * reloads, so that nothing moves under their finger. `toRefresh` skips them. With the codes in
 * the list (`source` 'with-secrets'), the list comes with the secrets' answer (accountSecretsQuery),
 * not from a fetch of its own; 'waiting' (preferences not known yet) asks for neither.
 */
export function usePinnedLists(toRefresh: boolean, source: 'list' | 'with-secrets' | 'waiting') {
  const accounts = useQuery({ ...accountsQuery, enabled: source === 'list' });
  // Mounted here too: the list waits for it, even before any row (and AccountList) shows.
  const secrets = useQuery({ ...accountSecretsQuery, enabled: source === 'with-secrets' });
  const groups = useQuery(groupsQuery);
  const [pinned, setPinned] = useState<Pinned | null>(() => {
    if (toRefresh) return null;
    const cached = restoredData('accounts') as Account[] | undefined;
    // An empty cache shows nothing at once: the server's answer is awaited instead.
    return cached?.length
      ? { accounts: cached, groups: restoredData('groups') as Group[] | undefined }
      : null;
  });
  // Only the first server answer is compared with the previous visit's lists.
  const [verdict, setVerdict] = useState<'waiting' | 'same' | 'changed'>('waiting');
  const fetched =
    accounts.isFetchedAfterMount && groups.isFetchedAfterMount && !accounts.isFetching && !secrets.isFetching;
  if (verdict === 'waiting' && fetched) {
    const changed =
      pinned !== null &&
      (!sameList(pinned.accounts, accounts.data, accountView) ||
        (pinned.groups !== undefined && !sameList(pinned.groups, groups.data, groupView)));
    setVerdict(changed ? 'changed' : 'same');
    if (!changed) setPinned(null);
  }

  useEffect(() => {
    if (verdict !== 'waiting') forgetRestored();
  }, [verdict]);

  const { refetch: refetchAccounts } = accounts;
  const { refetch: refetchGroups } = groups;
  const { refetch: refetchSecrets } = secrets;
  return {
    accounts: pinned?.accounts ?? accounts.data,
    groups: pinned?.groups ?? groups.data,
    /** The server answered after the screen opened (an empty answer means: no account at all). */
    serverAccounts: accounts.isFetchedAfterMount ? accounts.data : undefined,
    /** After a change made here, the server's lists are the ones to show. */
    unpin: () => setPinned(null),
    /** The previous visit's lists are on screen while the server's differ ('Some data have changed'). */
    stale: verdict === 'changed' && pinned !== null,
    /** Asks the server again and shows its lists. */
    reload: async () => {
      await Promise.all([source === 'with-secrets' ? refetchSecrets() : refetchAccounts(), refetchGroups()]);
      setPinned(null);
    },
  };
}
