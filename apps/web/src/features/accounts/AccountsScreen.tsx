import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, unwrap } from '../../api/client';
import { settingsQuery } from '../../app/queries';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { dismiss, notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import {
  accountsQuery,
  deleteAccounts,
  groupsQuery,
  moveToGroup,
  refreshAccounts,
  saveOrder,
  type Account,
  type Group,
} from './accounts.api';
import { AccountContent } from './AccountIcon';
import { OtpModal } from './OtpModal';
import { forgetRestored, restoredData } from './persist';
import { useAccountSettings } from './settings';

// Edit mode (checkboxes, drag and drop) is loaded when first entered: the list stays light.
const SortableAccounts = lazy(() => import('./SortableAccounts'));

/** Only what the screen shows: a changed HOTP counter is not a change worth a notice. */
function sameList<T>(a: readonly T[] | undefined, b: readonly T[] | undefined, pick: (item: T) => unknown) {
  if (!a || !b || a.length !== b.length) return a === b;
  return a.every((item, index) => JSON.stringify(pick(item)) === JSON.stringify(pick(b[index] as T)));
}
const accountView = (a: Account) => [a.id, a.service, a.account, a.icon, a.group_id, a.otp_type];
const groupView = (g: Group) => [g.id, g.name, g.twofaccounts_count];

/**
 * The listed accounts take the positions they occupied, in the given sequence; the others stay
 * (the server does the same with a partial list, api.md §5.9).
 */
export function applyPartialOrder(all: readonly Account[], orderedIds: readonly number[]): Account[] {
  const moved = new Set(orderedIds);
  const byId = new Map(all.map((account) => [account.id, account]));
  const queue = orderedIds.map((id) => byId.get(id)).filter((a): a is Account => a !== undefined);
  return all.map((account) => (moved.has(account.id) ? (queue.shift() ?? account) : account));
}

function matches(account: Account, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    (account.service ?? '').toLowerCase().includes(needle) || account.account.toLowerCase().includes(needle)
  );
}

interface AccountsScreenProps {
  readonly toRefresh: boolean;
  readonly initialEditMode: boolean;
}

export function AccountsScreen({ toRefresh, initialEditMode }: AccountsScreenProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { settings } = useAccountSettings();
  const accounts = useQuery(accountsQuery);
  const groups = useQuery(groupsQuery);

  // The previous visit's lists stay on screen until the person accepts the server's (product.md §4).
  const [pinned, setPinned] = useState<{ accounts: Account[]; groups: Group[] | undefined } | null>(() => {
    if (toRefresh) return null;
    const cached = restoredData('accounts') as Account[] | undefined;
    // An empty cache shows nothing at once: the server's answer is awaited instead.
    return cached?.length
      ? { accounts: cached, groups: restoredData('groups') as Group[] | undefined }
      : null;
  });
  const fetched = accounts.isFetchedAfterMount && groups.isFetchedAfterMount && !accounts.isFetching;

  useEffect(() => {
    if (!fetched) return;
    forgetRestored();
    if (!pinned) return;
    const changed =
      !sameList(pinned.accounts, accounts.data, accountView) ||
      (pinned.groups !== undefined && !sameList(pinned.groups, groups.data, groupView));
    if (!changed) {
      setPinned(null);
      return;
    }
    notify('info', t('list.dataChanged'), {
      duration: -1,
      action: {
        label: t('list.reload'),
        run: () => {
          setPinned(null);
          dismiss();
        },
      },
    });
    // Only the first server answer is compared with the cache.
  }, [fetched]);

  const allAccounts = useMemo(() => pinned?.accounts ?? accounts.data ?? [], [pinned, accounts.data]);
  const allGroups = pinned?.groups ?? groups.data;

  // No account at all: the start screen (product.md §4).
  useEffect(() => {
    if (accounts.isFetchedAfterMount && accounts.data?.length === 0) {
      dismiss();
      void navigate({ to: '/start', replace: true });
    }
  }, [accounts.data, accounts.isFetchedAfterMount, navigate]);

  const [search, setSearch] = useState('');
  const [editMode, setEditMode] = useState(initialEditMode);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [localGroup, setLocalGroup] = useState<number | null>(null);
  const [switchOpen, setSwitchOpen] = useState(false);
  const [groupSelectorOpen, setGroupSelectorOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [otpAccount, setOtpAccount] = useState<Account | null>(null);
  const [openCount, setOpenCount] = useState(0);

  const knownGroup = (id: number) => id === 0 || (allGroups?.some((group) => group.id === id) ?? true);
  const settingGroup =
    settings.rememberActiveGroup && knownGroup(settings.activeGroup) ? settings.activeGroup : 0;
  const activeGroupId = localGroup !== null && knownGroup(localGroup) ? localGroup : settingGroup;
  const activeGroup = allGroups?.find((group) => group.id === activeGroupId);

  const inGroup = useMemo(
    () => allAccounts.filter((account) => activeGroupId === 0 || account.group_id === activeGroupId),
    [activeGroupId, allAccounts],
  );
  const visible = useMemo(
    () => (editMode ? inGroup : inGroup.filter((account) => matches(account, search))),
    [editMode, inGroup, search],
  );

  const setActiveGroup = (id: number) => {
    setLocalGroup(id);
    setSwitchOpen(false);
    if (settings.rememberActiveGroup) {
      void unwrap(
        api.PUT('/api/v1/settings/{key}', { params: { path: { key: 'activeGroup' } }, body: { value: id } }),
      )
        .then(() =>
          queryClient.setQueryData(settingsQuery.queryKey, (list) =>
            list?.map((entry) => (entry.key === 'activeGroup' ? { ...entry, value: id } : entry)),
          ),
        )
        .catch(() => undefined);
    }
  };

  const toggleEditMode = () => {
    if (editMode) setSelected(new Set());
    else setSearch('');
    setEditMode(!editMode);
  };

  const reorder = useMutation({
    mutationFn: (orderedIds: number[]) => saveOrder(orderedIds),
    onError: () => void refreshAccounts(queryClient),
  });

  const applyOrder = (orderedVisible: Account[]) => {
    const ids = orderedVisible.map((account) => account.id);
    setPinned(null);
    queryClient.setQueryData(accountsQuery.queryKey, (list) => (list ? applyPartialOrder(list, ids) : list));
    reorder.mutate(ids);
  };

  const sortBy = (direction: 1 | -1) => {
    const key = (a: Account) => `${a.service ?? ''}\u0000${a.account}`.toLowerCase();
    applyOrder([...visible].sort((a, b) => key(a).localeCompare(key(b)) * direction));
  };

  const remove = useMutation({
    mutationFn: (ids: number[]) => deleteAccounts(ids),
    onSuccess: async (_data, ids) => {
      setPinned(null);
      setSelected(new Set());
      queryClient.setQueryData(accountsQuery.queryKey, (list) => list?.filter((a) => !ids.includes(a.id)));
      notify('success', t('list.deleted', { count: ids.length }));
      await refreshAccounts(queryClient);
    },
  });

  const move = useMutation({
    mutationFn: ({ ids, groupId }: { ids: number[]; groupId: number }) => moveToGroup(ids, groupId),
    onSuccess: async () => {
      setPinned(null);
      setSelected(new Set());
      setGroupSelectorOpen(false);
      await refreshAccounts(queryClient);
    },
  });

  const openAccount = useCallback((account: Account) => {
    setOpenCount((count) => count + 1);
    setOtpAccount(account);
  }, []);
  const closeOtp = useCallback(() => setOtpAccount(null), []);

  const addAccount = () => {
    if (settings.useDirectCapture) {
      if (settings.defaultCaptureMode === 'advancedForm') return navigate({ to: '/account/create' });
      if (settings.defaultCaptureMode === 'livescan' && !settings.useBasicQrcodeReader)
        return navigate({ to: '/capture' });
    }
    return navigate({ to: '/start' });
  };

  if (!accounts.data && !pinned) return <Spinner />;

  const nonEmptyGroups = (allGroups ?? []).filter((group) => group.id > 0 && group.twofaccounts_count > 0);
  const choosableGroups = (allGroups ?? []).filter((group) => group.id > 0);
  const selectedIds = [...selected].filter((id) => inGroup.some((account) => account.id === id));
  const groupLabel = activeGroup
    ? activeGroup.id === 0
      ? t('list.allAccounts')
      : activeGroup.name
    : t('list.allAccounts');

  return (
    <section className="accounts-screen" aria-labelledby="accounts-title">
      <h1 id="accounts-title" className="visually-hidden">
        {t('list.title')}
      </h1>
      <div className="accounts-header">
        {!editMode && (
          <input
            type="search"
            className="input accounts-search"
            placeholder={t('list.search')}
            aria-label={t('list.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
        <button
          type="button"
          className="group-switch-button"
          onClick={() => setSwitchOpen(true)}
          aria-label={t('list.activeGroup', { name: groupLabel, count: inGroup.length })}
        >
          <span className="group-switch-name">{groupLabel}</span>
          <span className="badge">{inGroup.length}</span>
          <span aria-hidden="true" className="chevron">
            ▾
          </span>
        </button>
        <div className="accounts-actions">
          {!editMode && (
            <button type="button" className="button button-primary" onClick={() => void addAccount()}>
              {t('list.new')}
            </button>
          )}
          <button type="button" className="button" onClick={toggleEditMode} aria-pressed={editMode}>
            {editMode ? t('list.done') : t('list.manage')}
          </button>
        </div>
      </div>

      {editMode && (
        <div className="edit-toolbar" role="toolbar" aria-label={t('list.editToolbar')}>
          <span className="selected-count" aria-live="polite">
            {t('list.selectedCount', { count: selectedIds.length })}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => setSelected(new Set(inGroup.map((account) => account.id)))}
          >
            {t('list.selectAll')}
          </button>
          <button type="button" className="link-button" onClick={() => setSelected(new Set())}>
            {t('list.clearSelection')}
          </button>
          <span className="toolbar-spacer" />
          <span className="toolbar-group">
            <button
              type="button"
              className="icon-button"
              onClick={() => sortBy(1)}
              aria-label={t('list.sortAsc')}
            >
              A→Z
            </button>
            <button
              type="button"
              className="icon-button"
              onClick={() => sortBy(-1)}
              aria-label={t('list.sortDesc')}
            >
              Z→A
            </button>
          </span>
          {selectedIds.length > 0 && (
            <>
              <button type="button" className="button" onClick={() => setGroupSelectorOpen(true)}>
                {t('list.changeGroup')}
              </button>
              <button type="button" className="button button-danger" onClick={() => setConfirmDelete(true)}>
                {t('list.delete')}
              </button>
            </>
          )}
        </div>
      )}

      {visible.length === 0 ? (
        <p className="empty-state">{search ? t('list.noMatch') : t('list.emptyGroup')}</p>
      ) : editMode ? (
        <Suspense fallback={<Spinner />}>
          <SortableAccounts
            accounts={visible}
            settings={settings}
            selected={selected}
            onToggle={(id, on) => {
              const next = new Set(selected);
              if (on) next.add(id);
              else next.delete(id);
              setSelected(next);
            }}
            onReorder={applyOrder}
          />
        </Suspense>
      ) : (
        <ul className={`accounts accounts-${settings.displayMode}`} aria-label={t('list.title')}>
          {visible.map((account) => (
            <li key={account.id} className="account">
              <button type="button" className="account-main" onClick={() => openAccount(account)}>
                <AccountContent account={account} showIcon={settings.showAccountsIcons} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <OtpModal account={otpAccount} openCount={openCount} onClose={closeOtp} />

      <Dialog.Root open={switchOpen} onOpenChange={setSwitchOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog-title">{t('groupSwitch.title')}</Dialog.Title>
            <Dialog.Description className="dialog-description">{t('groupSwitch.legend')}</Dialog.Description>
            <ul className="choice-list">
              {[
                { id: 0, name: t('list.allAccounts'), twofaccounts_count: allAccounts.length },
                ...nonEmptyGroups,
              ].map((group) => (
                <li key={group.id}>
                  <button
                    type="button"
                    className={`choice${group.id === activeGroupId ? ' choice-active' : ''}`}
                    aria-current={group.id === activeGroupId ? 'true' : undefined}
                    onClick={() => setActiveGroup(group.id)}
                  >
                    <span>{group.name}</span>
                    <span className="badge">{group.twofaccounts_count}</span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="dialog-actions">
              <Link to="/groups" className="button">
                {t('groupSwitch.manage')}
              </Link>
              <Dialog.Close className="button">{t('actions.close')}</Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <Dialog.Root open={groupSelectorOpen} onOpenChange={setGroupSelectorOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay" />
          <Dialog.Content className="dialog">
            <Dialog.Title className="dialog-title">{t('groupSelector.title')}</Dialog.Title>
            <Dialog.Description className="dialog-description">
              {t('groupSelector.legend', { count: selectedIds.length })}
            </Dialog.Description>
            <ul className="choice-list">
              {choosableGroups.map((group) => (
                <li key={group.id}>
                  <button
                    type="button"
                    className="choice"
                    disabled={move.isPending}
                    onClick={() => move.mutate({ ids: selectedIds, groupId: group.id })}
                  >
                    <span>{group.name}</span>
                    <span className="badge">{group.twofaccounts_count}</span>
                  </button>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="choice choice-muted"
                  disabled={move.isPending}
                  onClick={() => move.mutate({ ids: selectedIds, groupId: 0 })}
                >
                  {t('groupSelector.noGroup')}
                </button>
              </li>
            </ul>
            <div className="dialog-actions">
              <Link to="/group/create" className="button">
                {t('groupSelector.createGroup')}
              </Link>
              <Dialog.Close className="button">{t('actions.cancel')}</Dialog.Close>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('list.confirmDelete', { count: selectedIds.length })}
        description={t('list.confirmDeleteLegend')}
        confirmLabel={t('list.delete')}
        danger
        onConfirm={() => remove.mutate(selectedIds)}
      />
    </section>
  );
}
