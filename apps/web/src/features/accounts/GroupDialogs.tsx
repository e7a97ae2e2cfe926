import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Group } from '../../entities/group/group.api';

interface GroupSwitchDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** 'All' first (with the count of every account), then the groups that have accounts. */
  readonly choices: readonly Pick<Group, 'id' | 'name' | 'twofaccounts_count'>[];
  readonly activeGroupId: number;
  readonly onChoose: (id: number) => void;
}

/** Which group's accounts the list shows. */
export function GroupSwitchDialog({
  open,
  onOpenChange,
  choices,
  activeGroupId,
  onChoose,
}: GroupSwitchDialogProps) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('groupSwitch.title')}</Dialog.Title>
          <Dialog.Description className="dialog-description">{t('groupSwitch.legend')}</Dialog.Description>
          <ul className="choice-list">
            {choices.map((group) => (
              <li key={group.id}>
                <button
                  type="button"
                  className={`choice${group.id === activeGroupId ? ' choice-active' : ''}`}
                  aria-current={group.id === activeGroupId ? 'true' : undefined}
                  onClick={() => onChoose(group.id)}
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
  );
}

interface GroupSelectorDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly groups: readonly Group[];
  readonly count: number;
  readonly busy: boolean;
  /** The chosen group, or 0 for no group. */
  readonly onChoose: (groupId: number) => void;
}

/** The group the selected accounts move to, or none. */
export function GroupSelectorDialog({
  open,
  onOpenChange,
  groups,
  count,
  busy,
  onChoose,
}: GroupSelectorDialogProps) {
  const { t } = useTranslation('accounts');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('groupSelector.title')}</Dialog.Title>
          <Dialog.Description className="dialog-description">
            {t('groupSelector.legend', { count })}
          </Dialog.Description>
          <ul className="choice-list">
            {groups.map((group) => (
              <li key={group.id}>
                <button type="button" className="choice" disabled={busy} onClick={() => onChoose(group.id)}>
                  <span>{group.name}</span>
                  <span className="badge">{group.twofaccounts_count}</span>
                </button>
              </li>
            ))}
            <li>
              <button
                type="button"
                className="choice choice-muted"
                disabled={busy}
                onClick={() => onChoose(0)}
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
  );
}
