import * as Dialog from '@radix-ui/react-dialog';
import type { UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Otp } from './account.api';
import { OtpView } from './OtpView';

interface TestModalProps {
  readonly open: boolean;
  readonly onClose: () => void;
  readonly title: string;
  readonly subtitle?: string;
  /** The code to generate (`paramsOtpQuery`). */
  readonly query: UseQueryOptions<Otp>;
  readonly onHotp?: (otp: Otp) => void;
  readonly onError?: (error: Error) => void;
}

/** A code generated from the form's values, nothing stored: the Test button of the forms. */
export function TestModal({ open, onClose, title, subtitle, query, onHotp, onError }: TestModalProps) {
  const { t } = useTranslation('accountForm');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog otp-dialog">
          <div className="otp-head">
            <Dialog.Title className="otp-service">{title || t('test.title')}</Dialog.Title>
            <Dialog.Description className="otp-account">{subtitle || t('test.legend')}</Dialog.Description>
          </div>
          {open && <OtpView query={query} onHotp={onHotp} onError={onError} />}
          <Dialog.Close className="button button-block otp-close">{t('actions.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
