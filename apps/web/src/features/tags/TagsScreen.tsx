import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { refreshAccounts } from '../../entities/account/account.mutations';
import { deleteTag, renameTag, tagsQuery, type Tag } from '../../entities/tag/tag.api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import './tags.css';

/** Every tag with its number of accounts: rename one, or delete it (its accounts stay). */
export function TagsScreen() {
  const { t } = useTranslation('tags');
  const queryClient = useQueryClient();
  const tags = useQuery(tagsQuery);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const changed = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tagsQuery.queryKey }),
      refreshAccounts(queryClient),
    ]);
  const remove = useMutation({
    mutationFn: (tag: Tag) => deleteTag(tag.id),
    onSuccess: async () => {
      notify('success', t('deleted'));
      await changed();
    },
  });

  if (!tags.data) return <Spinner />;
  return (
    <section className="page narrow tags-screen" aria-labelledby="tags-title">
      <div className="page-header">
        <h1 id="tags-title">{t('title')}</h1>
      </div>
      {tags.data.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ul className="tags-list" aria-label={t('title')}>
          {tags.data.map((tag) => (
            <li key={tag.id} className="tags-row">
              {editing === tag.id ? (
                <RenameForm
                  tag={tag}
                  onDone={() => {
                    setEditing(null);
                    void changed();
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <>
                  <span className="tags-name">{tag.name}</span>
                  <span className="tags-count">{t('count', { count: tag.twofaccounts_count })}</span>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('rename', { name: tag.name })}
                    onClick={() => setEditing(tag.id)}
                  >
                    {t('renameShort')}
                  </button>
                  <button
                    type="button"
                    className="button button-danger"
                    aria-label={t('delete', { name: tag.name })}
                    onClick={() => setDeleting(tag)}
                  >
                    {t('deleteShort')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete', { name: deleting?.name ?? '' })}
        description={t('confirmLegend')}
        confirmLabel={t('deleteShort')}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}

function RenameForm({
  tag,
  onDone,
  onCancel,
}: {
  readonly tag: Tag;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('tags');
  const [name, setName] = useState(tag.name);
  const [error, setError] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (value: string) => renameTag(tag.id, value),
    meta: { handles: [422] },
    onSuccess: () => {
      notify('success', t('renamed'));
      onDone();
    },
    onError: (failure) => {
      if (isApiError(failure, 422)) setError(failure.fieldErrors.name?.[0] ?? failure.message);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(name);
  };
  return (
    <form className="tags-rename" onSubmit={submit}>
      <Field
        label={t('newName', { name: tag.name })}
        value={name}
        error={error}
        maxLength={64}
        autoFocus
        onChange={(event) => setName(event.target.value)}
      />
      <div className="tags-rename-actions">
        <button type="submit" className="button button-primary" disabled={rename.isPending}>
          {t('save')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
