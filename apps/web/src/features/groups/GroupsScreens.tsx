import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import {
  groupQuery,
  groupsQuery,
  useDeleteGroup,
  useReorderGroups,
  useSaveGroup,
  type Group,
} from '../../entities/group/group.api';

/** The groups: the 'All' pseudo group (every account) is shown apart, it cannot be changed. */
export function GroupsScreen() {
  const { t } = useTranslation('groups');
  const groups = useQuery(groupsQuery);
  const [deleting, setDeleting] = useState<Group | null>(null);
  const remove = useDeleteGroup();
  const reorder = useReorderGroups();

  if (!groups.data) return <Spinner />;
  const all = groups.data.find((group) => group.id === 0);
  const list = groups.data.filter((group) => group.id > 0);
  /** Swaps a group with its neighbour (-1 up, +1 down) and keeps the focus on the same button. */
  const move = (at: number, by: -1 | 1, button: HTMLButtonElement) => {
    const ids = list.map((group) => group.id);
    const [moved] = ids.splice(at, 1);
    ids.splice(at + by, 0, moved!);
    reorder(ids);
    const label = button.getAttribute('aria-label');
    requestAnimationFrame(() => {
      const again = [...document.querySelectorAll<HTMLButtonElement>('.group-tools button')].find(
        (candidate) => candidate.getAttribute('aria-label') === label && !candidate.disabled,
      );
      again?.focus();
    });
  };

  return (
    <section className="page narrow groups-screen" aria-labelledby="groups-title">
      <div className="page-header">
        <h1 id="groups-title">{t('title')}</h1>
        <Link to="/group/create" className="button button-primary">
          {t('create')}
        </Link>
      </div>
      {all && <p className="all-group">{t('allGroup', { count: all.twofaccounts_count })}</p>}
      {list.length === 0 ? (
        <p className="empty-state">{t('empty')}</p>
      ) : (
        <ul className="group-list" aria-label={t('title')}>
          {list.map((group, at) => (
            <li key={group.id} className="group-row">
              <span className="group-text">
                <span className="group-name">{group.name}</span>
                <span className="group-count">{t('count', { count: group.twofaccounts_count })}</span>
              </span>
              <span className="group-tools">
                <button
                  type="button"
                  className="icon-button"
                  disabled={at === 0}
                  onClick={(event) => move(at, -1, event.currentTarget)}
                  aria-label={t('moveUp', { name: group.name })}
                >
                  <span aria-hidden="true">↑</span>
                </button>
                <button
                  type="button"
                  className="icon-button"
                  disabled={at === list.length - 1}
                  onClick={(event) => move(at, 1, event.currentTarget)}
                  aria-label={t('moveDown', { name: group.name })}
                >
                  <span aria-hidden="true">↓</span>
                </button>
                <Link
                  to="/group/$groupId/edit"
                  params={{ groupId: String(group.id) }}
                  search={{ name: group.name }}
                  className="tool-link"
                  aria-label={t('renameNamed', { name: group.name })}
                >
                  {t('rename')}
                </Link>
                <button
                  type="button"
                  className="tool-link tool-button link-danger"
                  onClick={() => setDeleting(group)}
                  aria-label={t('deleteNamed', { name: group.name })}
                >
                  {t('delete')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="note">{t('deleteNote')}</p>
      <div className="form-actions">
        <Link to="/accounts" className="button">
          {t('back')}
        </Link>
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete', { name: deleting?.name ?? '' })}
        description={t('deleteNote')}
        confirmLabel={t('delete')}
        danger
        onConfirm={() =>
          deleting && remove.mutate(deleting.id, { onSuccess: () => notify('success', t('deleted')) })
        }
      />
    </section>
  );
}

interface GroupFormValues {
  name: string;
}

function GroupForm({ groupId, initialName }: { readonly groupId?: number; readonly initialName: string }) {
  const { t } = useTranslation('groups');
  const navigate = useNavigate();
  const save = useSaveGroup(groupId);
  const form = useForm<GroupFormValues>({ defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await save.mutateAsync(name);
      await navigate({ to: '/groups' });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['name'])) throw error;
    }
  });
  const editing = groupId !== undefined;
  return (
    <section className="page narrow" aria-labelledby="group-form-title">
      <h1 id="group-form-title">{editing ? t('renameTitle') : t('createTitle')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field
          label={editing ? t('newName') : t('name')}
          autoComplete="off"
          autoFocus
          maxLength={32}
          error={errors.name?.message}
          {...form.register('name', { validate: (value) => value.trim() !== '' || t('nameRequired') })}
        />
        <FormError message={errors.root?.server?.message} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {editing ? t('save') : t('createSubmit')}
          </button>
          <Link to="/groups" className="button">
            {t('cancel')}
          </Link>
        </div>
      </form>
    </section>
  );
}

export function CreateGroupScreen() {
  return <GroupForm initialName="" />;
}

const editRoute = getRouteApi('/signed-in/group/$groupId/edit');

export function EditGroupScreen() {
  const { groupId } = editRoute.useParams();
  const { name } = editRoute.useSearch();
  const id = Number(groupId);
  const group = useQuery({ ...groupQuery(id), enabled: name === undefined });
  const initial = name ?? group.data?.name;
  if (initial === undefined) return <Spinner />;
  return <GroupForm key={id} groupId={id} initialName={initial} />;
}
