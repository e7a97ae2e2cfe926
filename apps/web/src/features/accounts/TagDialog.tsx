import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { refreshAccounts } from '../../entities/account/account.mutations';
import { tagAccounts, tagsQuery } from '../../entities/tag/tag.api';
import { Field } from '../../ui/forms';

interface TagDialogProps {
  readonly action: 'add' | 'remove' | null;
  readonly ids: readonly number[];
  readonly onClose: () => void;
  readonly onDone: () => void;
}

/** Manage mode: a tag (picked or typed; new names are created) put on, or taken off, the selection. */
export function TagDialog({ action, ids, onClose, onDone }: TagDialogProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const tags = useQuery({ ...tagsQuery, enabled: action !== null });
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const listId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    setBusy(true);
    try {
      if (!(await tagAccounts(name, ids, action))) return setError(t('tags.unknown'));
      await refreshAccounts(queryClient);
      setName('');
      setError(undefined);
      onDone();
    } catch (failure) {
      if (!isApiError(failure, 422)) throw failure;
      setError(failure.fieldErrors.name?.[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  const label = action === 'remove' ? t('tags.remove') : t('tags.add');
  return (
    <Dialog.Root open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" aria-describedby={undefined}>
          <Dialog.Title className="dialog-title">
            {action === 'remove' ? t('tags.removeTitle') : t('tags.addTitle')}
          </Dialog.Title>
          <form onSubmit={(event) => void submit(event)}>
            <Field
              label={t('tags.name')}
              list={listId}
              value={name}
              error={error}
              maxLength={64}
              required
              onChange={(event) => setName(event.target.value)}
            />
            <datalist id={listId}>
              {(tags.data ?? []).map((tag) => (
                <option key={tag.id} value={tag.name} />
              ))}
            </datalist>
            <button type="submit" className="button button-primary" disabled={busy}>
              {label}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
