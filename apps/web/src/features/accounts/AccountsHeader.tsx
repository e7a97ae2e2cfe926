import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../entities/group/group.api';
import type { NativeSettings } from '@twofold/otp/browser';
import { MoreButton } from './MoreButton';
import { useRovingFocus } from '../../ui/roving-focus';

// The group switcher (a Radix dialog) is downloaded when first opened.
const GroupSwitchDialog = lazy(() =>
  import('./GroupDialogs').then((module) => ({ default: module.GroupSwitchDialog })),
);

interface AccountsHeaderProps {
  readonly settings: NativeSettings;
  readonly editMode: boolean;
  readonly onToggleEditMode: () => void;
  /** The pointer or the focus reached Manage: edit mode's code may be fetched. */
  readonly onPrepareEditMode: () => void;
  /** Edit mode was asked for and is loading. */
  readonly enteringEditMode: boolean;
  readonly search: string;
  readonly onSearch: (search: string) => void;
  readonly searchRef: RefObject<HTMLInputElement | null>;
  /** Keys in the search field (down goes to the accounts). */
  readonly onSearchKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  readonly groups: readonly Group[];
  readonly activeGroupId: number;
  readonly activeGroup: Group | undefined;
  /** Accounts shown of the active group (the search narrows them), and in all groups. */
  readonly counts: { readonly inGroup: number; readonly all: number };
  readonly onChooseGroup: (id: number) => void;
}

/** Search, the active group (and the dialog to switch it), New and Manage. */
export function AccountsHeader({ searchRef, ...props }: AccountsHeaderProps) {
  const { settings, editMode, search, groups, activeGroup, counts } = props;
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const [switchOpen, setSwitchOpen] = useState(false);
  const groupLabel = activeGroup && activeGroup.id !== 0 ? activeGroup.name : t('list.allAccounts');
  const nonEmptyGroups = groups.filter((group) => group.id > 0 && group.twofaccounts_count > 0);

  // New: straight to the capture mode chosen in the settings, else the start screen.
  const addAccount = () => {
    if (settings.useDirectCapture) {
      if (settings.defaultCaptureMode === 'advancedForm') return navigate({ to: '/account/create' });
      if (settings.defaultCaptureMode === 'livescan' && !settings.useBasicQrcodeReader)
        return navigate({ to: '/capture' });
    }
    return navigate({ to: '/start' });
  };

  return (
    <div className="accounts-header">
      <input
        type="search"
        className="input accounts-search"
        placeholder={t('list.search')}
        aria-label={t('list.search')}
        value={search}
        onChange={(event) => props.onSearch(event.target.value)}
        onKeyDown={props.onSearchKeyDown}
        ref={searchRef}
      />
      <button
        type="button"
        className="group-switch-button"
        onClick={() => setSwitchOpen(true)}
        aria-label={t('list.activeGroup', { name: groupLabel, count: counts.inGroup })}
      >
        {/* A long name ends in an ellipsis: the whole of it on hover. */}
        <span className="group-switch-name" title={groupLabel}>
          {groupLabel}
        </span>{' '}
        {/* Its name says the count in words: the bare number would not be in it as shown. */}
        <span className="badge group-switch-count" aria-hidden="true">
          {counts.inGroup}
        </span>
        <span aria-hidden="true" className="chevron" />
      </button>
      <div className="accounts-actions">
        {!editMode && (
          <button type="button" className="button button-primary" onClick={() => void addAccount()}>
            {t('list.new')}
          </button>
        )}
        <button
          type="button"
          className="button"
          onClick={props.onToggleEditMode}
          onPointerEnter={editMode ? undefined : props.onPrepareEditMode}
          onPointerDown={editMode ? undefined : props.onPrepareEditMode}
          onFocus={editMode ? undefined : props.onPrepareEditMode}
          aria-pressed={editMode}
          aria-busy={props.enteringEditMode || undefined}
        >
          {editMode ? t('list.done') : t('list.manage')}
        </button>
        {!editMode && <MoreButton />}
      </div>
      {settings.showGroupChips && nonEmptyGroups.length > 0 && (
        <GroupChips
          choices={[{ id: 0, name: t('list.allAccounts') }, ...nonEmptyGroups]}
          activeGroupId={props.activeGroupId}
          onChoose={props.onChooseGroup}
        />
      )}
      {switchOpen && (
        <Suspense fallback={null}>
          <GroupSwitchDialog
            open={switchOpen}
            onOpenChange={setSwitchOpen}
            choices={[
              { id: 0, name: t('list.allAccounts'), twofaccounts_count: counts.all },
              ...nonEmptyGroups,
            ]}
            activeGroupId={props.activeGroupId}
            onChoose={(id) => {
              props.onChooseGroup(id);
              setSwitchOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

/** The groups as chips under the search (the `showGroupChips` setting): one press shows a group. */
function GroupChips(props: {
  readonly choices: readonly { readonly id: number; readonly name: string }[];
  readonly activeGroupId: number;
  readonly onChoose: (id: number) => void;
}) {
  const { t } = useTranslation('accounts');
  const roving = useRovingFocus(
    props.choices.length,
    props.choices.findIndex((group) => group.id === props.activeGroupId),
  );
  return (
    <div className="group-chips" role="group" aria-label={t('list.groupChips')} onKeyDown={roving.onKeyDown}>
      {props.choices.map((group, index) => (
        <button
          key={group.id}
          {...roving.itemProps(index)}
          type="button"
          className="group-chip"
          aria-pressed={group.id === props.activeGroupId}
          onClick={() => props.onChoose(group.id)}
        >
          {group.name}
        </button>
      ))}
    </div>
  );
}
