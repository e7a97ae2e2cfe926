import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { useReorderFavorites } from '../../entities/account/favorite-order';
import { AccountContent } from '../../entities/account/AccountIcon';
import type { NativeSettings } from '@twofold/otp/browser';
import { useWindowedList } from './use-windowed-list';

/** Drag-sort animation: short, so that sorting never waits on it. */
const SORT_ANIMATION = { duration: 200, easing: 'ease' };

interface SortableAccountsProps {
  readonly accounts: readonly Account[];
  readonly settings: NativeSettings;
  readonly selected: ReadonlySet<number>;
  readonly onToggle: (id: number, on: boolean) => void;
  readonly onReorder: (accounts: Account[]) => void;
  /** The server's lists are to be shown (the favourites were reordered here). */
  readonly onUnpin: () => void;
}

/** Edit mode: checkboxes, Edit and QR links, and drag handles (keyboard too). */
export default function SortableAccounts({
  accounts,
  settings,
  selected,
  onToggle,
  onReorder,
  onUnpin,
}: SortableAccountsProps) {
  const { t } = useTranslation('accounts');
  const reorderFavorites = useReorderFavorites();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // The account being dragged stays rendered wherever the list is scrolled (it is windowed).
  const [dragged, setDragged] = useState<number | undefined>(undefined);
  const listRef = useRef<HTMLUListElement>(null);
  const windowed = useWindowedList(accounts, listRef, dragged);
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged(accounts.findIndex((account) => account.id === active.id));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(undefined);
    if (!over || active.id === over.id) return;
    const from = accounts.findIndex((account) => account.id === active.id);
    const to = accounts.findIndex((account) => account.id === over.id);
    if (from < 0 || to < 0) return;
    const moved = arrayMove([...accounts], from, to);
    // Favourites come first in their own order: a favourite moves among the favourites, any other
    // account among the others (dropped above the favourites, it goes first after them).
    if (accounts[from]!.favorite) {
      onUnpin();
      reorderFavorites(moved.filter((account) => account.favorite).map((account) => account.id));
    } else onReorder(moved.filter((account) => !account.favorite));
  };
  const grid = settings.displayMode === 'grid';
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(undefined)}
      accessibility={{
        screenReaderInstructions: { draggable: t('list.dragInstructions') },
      }}
    >
      <SortableContext
        items={accounts.map((account) => account.id)}
        strategy={grid ? rectSortingStrategy : verticalListSortingStrategy}
      >
        <ul
          className={`accounts accounts-${settings.displayMode} accounts-editing`}
          aria-label={t('list.title')}
          ref={listRef}
          style={windowed.style}
        >
          {windowed.shown.map((account) => (
            <SortableAccount
              key={account.id}
              account={account}
              showIcon={settings.showAccountsIcons}
              checked={selected.has(account.id)}
              onToggle={onToggle}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableAccount({
  account,
  showIcon,
  checked,
  onToggle,
}: {
  readonly account: Account;
  readonly showIcon: boolean;
  readonly checked: boolean;
  readonly onToggle: (id: number, on: boolean) => void;
}) {
  const { t } = useTranslation('accounts');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: account.id, transition: SORT_ANIMATION });
  const name = account.service ? `${account.service} (${account.account})` : account.account;
  const checkboxId = `select-account-${String(account.id)}`;
  return (
    <li
      ref={setNodeRef}
      className={`account${isDragging ? ' account-dragging' : ''}${checked ? ' account-selected' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      {/* A native checkbox: the lightest to render, with the row's name as its label. */}
      <input
        type="checkbox"
        id={checkboxId}
        className="select-box"
        checked={checked}
        onChange={(event) => onToggle(account.id, event.target.checked)}
        aria-label={t('list.select', { name })}
      />
      <label className="account-main" htmlFor={checkboxId}>
        <AccountContent account={account} showIcon={showIcon} />
      </label>
      <span className="account-tools">
        <Link
          to="/account/$twofaccountId/qrcode"
          params={{ twofaccountId: String(account.id) }}
          className="icon-button"
          aria-label={t('list.showQr', { name })}
        >
          <QrGlyph />
        </Link>
        <Link
          to="/account/$twofaccountId/edit"
          params={{ twofaccountId: String(account.id) }}
          className="tool-link"
          aria-label={t('list.edit', { name })}
        >
          {t('list.editShort')}
        </Link>
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="drag-handle"
          aria-label={t('list.move', { name })}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true">⠿</span>
        </button>
      </span>
    </li>
  );
}

function QrGlyph() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M3 3h8v8H3V3zm2 2v4h4V5H5zm8-2h8v8h-8V3zm2 2v4h4V5h-4zM3 13h8v8H3v-8zm2 2v4h4v-4H5zm13-2h3v3h-3v-3zm-5 0h3v3h-3v-3zm3 3h2v2h-2v-2zm-3 3h3v2h-3v-2zm5 0h3v2h-3v-2z" />
    </svg>
  );
}
