import * as Checkbox from '@radix-ui/react-checkbox';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ui/ConfirmDialog';

interface SignOutDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** This device keeps an offline copy: signing out keeps it unless the user erases it here. */
  readonly hasCopy: boolean;
  readonly onConfirm: (eraseCopy: boolean) => void;
}

/**
 * The sign-out confirmation. A device that keeps an offline copy keeps it by default (a sign-out
 * is not a reason to lose the codes on the day the server is down); erasing it is a clear choice.
 */
export function SignOutDialog({ open, onOpenChange, hasCopy, onConfirm }: SignOutDialogProps) {
  const { t } = useTranslation();
  const checkboxId = useId();
  const [erase, setErase] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('footer.confirmSignOut')}
      description={hasCopy ? t('footer.copyKept') : undefined}
      confirmLabel={t('footer.signOut')}
      danger={hasCopy && erase}
      onConfirm={() => onConfirm(hasCopy && erase)}
    >
      {hasCopy && (
        <div className="sign-out-erase">
          <Checkbox.Root
            id={checkboxId}
            className="checkbox"
            checked={erase}
            onCheckedChange={(checked) => setErase(checked === true)}
          >
            <Checkbox.Indicator className="checkbox-indicator" aria-hidden="true">
              ✓
            </Checkbox.Indicator>
          </Checkbox.Root>
          <label htmlFor={checkboxId}>{t('footer.eraseCopy')}</label>
        </div>
      )}
    </ConfirmDialog>
  );
}
