import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  deleteFromTrash,
  emptyTrash,
  trashQuery,
  type TrashedAccount,
} from '../../entities/account/trash.api';
import { useRestoreAccounts } from '../../entities/account/account.mutations';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import './trash.css';

type Confirming = 'delete' | 'empty' | null;

/** Deleted accounts kept for a while: restore them, or delete them for good before their date. */
export function TrashScreen() {
  const { t, i18n } = useTranslation(['trash', 'errors']);
  const queryClient = useQueryClient();
  const trash = useQuery(trashQuery);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<Confirming>(null);
  const restore = useRestoreAccounts();
  const purge = useMutation({
    mutationFn: (which: number[] | 'all') => (which === 'all' ? emptyTrash() : deleteFromTrash(which)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trashQuery.queryKey }),
  });

  if (!trash.data) return <Spinner />;
  const items = trash.data;
  const chosen = items.filter((item) => selected.has(item.id)).map((item) => item.id);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const done = () => setSelected(new Set());

  return (
    <section className="page narrow trash-screen" aria-labelledby="trash-title">
      <div className="page-header trash-header">
        <h1 id="trash-title">{t('title')}</h1>
        <Link to="/accounts" className="trash-back">
          {t('errors:backHome')}
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <>
          <p className="trash-help">{t('help')}</p>
          <div className="trash-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={chosen.length === 0 || restore.isPending}
              onClick={() =>
                restore.mutate(chosen, {
                  onSuccess: () => {
                    done();
                    notify('success', t('restored'));
                  },
                })
              }
            >
              {t('restore')}
            </button>
            <button
              type="button"
              className="button"
              disabled={chosen.length === 0}
              onClick={() => setConfirming('delete')}
            >
              {t('delete')}
            </button>
            <button type="button" className="button button-danger" onClick={() => setConfirming('empty')}>
              {t('emptyTrash')}
            </button>
          </div>
          <ul className="trash-list" aria-label={t('title')}>
            {items.map((item) => (
              <TrashRow
                key={item.id}
                item={item}
                checked={selected.has(item.id)}
                onToggle={toggle}
                onRestore={(id) =>
                  restore.mutate([id], {
                    onSuccess: () => {
                      toggle(id, false);
                      notify('success', t('restored'));
                    },
                  })
                }
                restoring={restore.isPending}
                purgeDate={date.format(new Date(item.purge_at))}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming === 'empty' ? t('confirmEmpty') : t('confirmDelete')}
        description={t('confirmLegend')}
        confirmLabel={confirming === 'empty' ? t('emptyTrash') : t('delete')}
        danger
        onConfirm={() => {
          purge.mutate(confirming === 'empty' ? 'all' : chosen, { onSuccess: done });
          setConfirming(null);
        }}
      />
    </section>
  );
}

function TrashRow(props: {
  item: TrashedAccount;
  checked: boolean;
  onToggle: (id: number, on: boolean) => void;
  onRestore: (id: number) => void;
  restoring: boolean;
  purgeDate: string;
}) {
  const { t } = useTranslation('trash');
  const { item } = props;
  const name = item.service ? `${item.service} (${item.account})` : item.account;
  return (
    <li className="trash-row">
      <label className="trash-label">
        <input
          type="checkbox"
          checked={props.checked}
          onChange={(event) => props.onToggle(item.id, event.target.checked)}
          aria-label={t('select', { name })}
        />
        <span className="trash-text">
          <span className="trash-name">{name}</span>
          <span className="trash-date">{t('purgeOn', { date: props.purgeDate })}</span>
        </span>
      </label>
      <button
        type="button"
        className="button trash-restore"
        disabled={props.restoring}
        onClick={() => props.onRestore(item.id)}
      >
        {t('restoreOne')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </li>
  );
}
