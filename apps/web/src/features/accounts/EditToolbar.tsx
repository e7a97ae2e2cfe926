import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteAccounts,
  useMoveToGroup,
  useRestoreAccounts,
} from '../../entities/account/account.mutations';
import { useAccountSettings } from '../../entities/settings/account-settings';
import type { Group } from '../../entities/group/group.api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../ui/notify';
import { ExportDialog } from './export/ExportDialog';
import { GroupSelectorDialog } from './GroupDialogs';

const TagDialog = lazy(() => import('./TagDialog').then((module) => ({ default: module.TagDialog })));

interface EditToolbarProps {
  /** The selected accounts of the listed group. */
  readonly selectedIds: number[];
  readonly groups: readonly Group[];
  readonly onSelectAll: () => void;
  readonly onClearSelection: () => void;
  readonly onSort: (direction: 1 | -1) => void;
  /** The selection was deleted or moved: the screen shows the server's lists again. */
  readonly onChanged: () => void;
}

/** Manage mode: select, sort, export, move to a group, delete. */
export function EditToolbar({
  selectedIds,
  groups,
  onSelectAll,
  onClearSelection,
  onSort,
  onChanged,
}: EditToolbarProps) {
  const { t } = useTranslation('accounts');
  const [groupSelectorOpen, setGroupSelectorOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [tagging, setTagging] = useState<'add' | 'remove' | null>(null);
  const { settings } = useAccountSettings();
  const restore = useRestoreAccounts();
  const remove = useDeleteAccounts({
    onStored: (ids) => {
      onChanged();
      if (settings.trashRetentionDays === 0) notify('success', t('list.deleted', { count: ids.length }));
      else
        notify('success', t('list.movedToTrash'), {
          duration: 8000,
          action: {
            label: t('list.undo'),
            run: () => restore.mutate(ids, { onSuccess: () => notify('success', t('list.restored')) }),
          },
        });
    },
  });
  const move = useMoveToGroup({
    onStored: () => {
      onChanged();
      setGroupSelectorOpen(false);
    },
  });

  return (
    <div className="edit-toolbar" role="toolbar" aria-label={t('list.editToolbar')}>
      <span className="selected-count" aria-live="polite">
        {t('list.selectedCount', { count: selectedIds.length })}
      </span>
      <button type="button" className="link-button" onClick={onSelectAll}>
        {t('list.selectAll')}
      </button>
      <button type="button" className="link-button" onClick={onClearSelection}>
        {t('list.clearSelection')}
      </button>
      <span className="toolbar-spacer" />
      <span className="toolbar-group">
        <button type="button" className="icon-button" onClick={() => onSort(1)}>
          A→Z
          <span className="visually-hidden"> ({t('list.sortAsc')})</span>
        </button>
        <button type="button" className="icon-button" onClick={() => onSort(-1)}>
          Z→A
          <span className="visually-hidden"> ({t('list.sortDesc')})</span>
        </button>
      </span>
      <button type="button" className="button" onClick={() => setExporting(true)}>
        {t('export.open')}
      </button>
      {selectedIds.length > 0 && (
        <>
          <button type="button" className="button" onClick={() => setGroupSelectorOpen(true)}>
            {t('list.changeGroup')}
          </button>
          <button type="button" className="button" onClick={() => setTagging('add')}>
            {t('tags.add')}
          </button>
          <button type="button" className="button" onClick={() => setTagging('remove')}>
            {t('tags.remove')}
          </button>
          <button type="button" className="button button-danger" onClick={() => setConfirmDelete(true)}>
            {t('list.delete')}
          </button>
        </>
      )}
      <ExportDialog open={exporting} onOpenChange={setExporting} ids={selectedIds} />
      {tagging && (
        <Suspense fallback={null}>
          <TagDialog
            action={tagging}
            ids={selectedIds}
            onClose={() => setTagging(null)}
            onDone={() => {
              setTagging(null);
              onChanged();
            }}
          />
        </Suspense>
      )}
      <GroupSelectorDialog
        open={groupSelectorOpen}
        onOpenChange={setGroupSelectorOpen}
        groups={groups.filter((group) => group.id > 0)}
        count={selectedIds.length}
        busy={move.isPending}
        onChoose={(groupId) => move.mutate({ ids: selectedIds, groupId })}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('list.confirmDelete', { count: selectedIds.length })}
        description={
          settings.trashRetentionDays === 0 ? t('list.confirmDeleteLegend') : t('list.confirmTrashLegend')
        }
        confirmLabel={t('list.delete')}
        danger
        onConfirm={() => remove.mutate(selectedIds)}
      />
    </div>
  );
}
