import { useNavigate } from '@tanstack/react-router';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { orderByUse } from '@twofold/contract';
import { favoritesFirst } from '@twofold/otp/browser';
import type { Account } from '../../entities/account/account.api';
import { useReorderAccounts } from '../../entities/account/account.mutations';
import { usageQuery } from '../../entities/account/usage.api';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { dismiss } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { AccountList } from './AccountList';
import { AccountsHeader } from './AccountsHeader';
import { DataChangedNotice } from './DataChangedNotice';
import { focusFirstAccount, useTypeToSearch } from './keyboard';
import { useActiveGroup } from './use-active-group';
import { useAfterCopy } from './use-after-copy';
import { usePinnedLists } from './use-pinned-lists';
import { hasAllTags, TagFilter } from './TagFilter';
import { EditToolbar, prepareEditMode, SortableAccounts, useEditMode } from './use-edit-mode';

function matches(account: Account, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return (
    (account.service ?? '').toLowerCase().includes(needle) ||
    account.account.toLowerCase().includes(needle) ||
    (account.tags ?? []).some((tag) => tag.toLowerCase().includes(needle))
  );
}

/**
 * The order of A→Z: by service, then account. Case-insensitive by default (in the reader's
 * language); `sortCaseSensitive` compares the characters as written, capitals first.
 */
function compareAccounts(a: Account, b: Account, caseSensitive: boolean): number {
  const key = (account: Account) => `${account.service ?? ''}\u0000${account.account}`;
  if (caseSensitive) return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return key(a).toLowerCase().localeCompare(key(b).toLowerCase());
}

interface AccountsScreenProps {
  readonly toRefresh: boolean;
  readonly initialEditMode: boolean;
}

/** The accounts of the active group: search and open them, or manage them in edit mode. */
/** Which list the screen asks for: none until the preferences are known (it would ask twice). */
function listSource(loaded: boolean, settings: { readonly getOtpOnRequest: boolean }) {
  if (!loaded) return 'waiting';
  return settings.getOtpOnRequest ? 'list' : 'with-secrets';
}

export function AccountsScreen({ toRefresh, initialEditMode }: AccountsScreenProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { settings, loaded } = useAccountSettings();
  const lists = usePinnedLists(toRefresh, listSource(loaded, settings));
  const allAccounts = useMemo(() => lists.accounts ?? [], [lists.accounts]);
  const { activeGroupId, activeGroup, choose } = useActiveGroup(settings, lists.groups);
  const [search, setSearch] = useState('');
  const [tagFilter, setTagFilter] = useState<ReadonlySet<string>>(() => new Set());
  const clearSearch = useCallback(() => setSearch(''), []);
  // Manage mode keeps the search and the group: its actions apply to what is shown.
  const { editMode, entering, toggleEditMode, selected, setSelected, toggle } = useEditMode(initialEditMode);
  const reorder = useReorderAccounts();
  const afterCopy = useAfterCopy(settings, { clearSearch, chooseGroup: choose });
  const screenRef = useRef<HTMLElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const typeInSearch = useCallback((key: string) => setSearch((current) => current + key), []);
  useTypeToSearch(searchRef, typeInSearch, !editMode);
  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    focusFirstAccount(screenRef.current);
  };

  // No account at all: the start screen.
  const { serverAccounts } = lists;
  useEffect(() => {
    if (serverAccounts?.length === 0) {
      dismiss();
      void navigate({ to: '/start', replace: true });
    }
  }, [serverAccounts, navigate]);

  // Favourites first, in their own order, in every group they belong to; then by hand or by use.
  const sortBy = settings.sortBy;
  const usage = useQuery({ ...usageQuery(settings.usageDays), enabled: sortBy !== 'manual' }).data;
  const inGroup = useMemo(() => {
    const ordered = favoritesFirst(
      allAccounts.filter((account) => activeGroupId === 0 || account.group_id === activeGroupId),
    );
    return sortBy === 'manual' || !usage ? ordered : orderByUse(ordered, usage, sortBy);
  }, [activeGroupId, allAccounts, sortBy, usage]);
  const visible = useMemo(
    () => inGroup.filter((account) => matches(account, search) && hasAllTags(account, tagFilter)),
    [inGroup, search, tagFilter],
  );

  const applyOrder = (orderedVisible: Account[]) => {
    lists.unpin();
    reorder(orderedVisible.map((account) => account.id));
  };
  const sortByName = (direction: 1 | -1) => {
    applyOrder([...visible].sort((a, b) => compareAccounts(a, b, settings.sortCaseSensitive) * direction));
  };
  if (!lists.accounts) return <Spinner />;
  const groups = lists.groups ?? [];
  const selectedIds = [...selected].filter((id) => visible.some((account) => account.id === id));

  return (
    <section className="accounts-screen" aria-labelledby="accounts-title" ref={screenRef}>
      <h1 id="accounts-title" className="visually-hidden">
        {t('list.title')}
      </h1>
      <AccountsHeader
        settings={settings}
        editMode={editMode}
        onToggleEditMode={toggleEditMode}
        onPrepareEditMode={prepareEditMode}
        enteringEditMode={entering}
        search={search}
        onSearch={setSearch}
        searchRef={searchRef}
        onSearchKeyDown={onSearchKeyDown}
        groups={groups}
        activeGroupId={activeGroupId}
        activeGroup={activeGroup}
        // The count is what the list shows: a search narrows it.
        counts={{ inGroup: visible.length, all: allAccounts.length }}
        onChooseGroup={choose}
      />
      <TagFilter accounts={inGroup} chosen={tagFilter} onChange={setTagFilter} />
      {lists.stale && <DataChangedNotice onReload={lists.reload} />}
      {editMode && (
        <Suspense fallback={null}>
          <EditToolbar
            selectedIds={selectedIds}
            groups={groups}
            onSelectAll={() => setSelected(new Set(visible.map((account) => account.id)))}
            onClearSelection={() => setSelected(new Set())}
            onSort={sortByName}
            onChanged={() => {
              lists.unpin();
              setSelected(new Set());
            }}
          />
        </Suspense>
      )}
      {/* One boundary for both modes: already shown, it keeps the list while edit mode loads. */}
      <Suspense fallback={<Spinner />}>
        {visible.length === 0 ? (
          <p className="empty-state">{search ? t('list.noMatch') : t('list.emptyGroup')}</p>
        ) : editMode ? (
          <SortableAccounts
            accounts={visible}
            settings={settings}
            selected={selected}
            onToggle={toggle}
            onReorder={applyOrder}
            onUnpin={lists.unpin}
          />
        ) : (
          <AccountList accounts={visible} settings={settings} onCopied={afterCopy} onLeaveTop={focusSearch} />
        )}
      </Suspense>
    </section>
  );
}
