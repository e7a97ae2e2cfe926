import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  readonly title: string;
  readonly description?: ReactNode;
  readonly confirmLabel: string;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
  /** A choice that goes with the confirmation (a checkbox), shown between the description and the buttons. */
  readonly children?: ReactNode;
}

/** A confirmation asked before anything that cannot be undone. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        {/* Without a description the title says it all: no hidden copy for a screen reader to read twice. */}
        <AlertDialog.Content className="dialog" {...(description ? {} : { 'aria-describedby': undefined })}>
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          {description && (
            <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>
          )}
          {children}
          <div className="dialog-actions">
            <AlertDialog.Cancel className="button">{t('actions.cancel')}</AlertDialog.Cancel>
            <AlertDialog.Action
              className={`button ${danger ? 'button-danger' : 'button-primary'}`}
              onClick={onConfirm}
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
