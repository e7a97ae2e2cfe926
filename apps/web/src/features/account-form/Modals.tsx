import * as Dialog from '@radix-ui/react-dialog';
import type { UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Otp } from '../../entities/account/account.api';

import { OtpView } from '../accounts/OtpView';
import { copyToClipboard } from '../../ui/clipboard';

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

const URL_PATTERN = /^https?:\/\/[\w.-]+(?:\.[\w.-]+)+[\w\-._~:/?#[\]@!$&'()*+,;=%]*$/i;

/** A scanned QR code whose content is not a valid otpauth URI. */
export function InvalidUriModal({
  content,
  onClose,
}: {
  readonly content: string | null;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation('accountForm');
  const isUrl = content !== null && URL_PATTERN.test(content.trim());
  const copy = async () => {
    if (content === null) return;
    await copyToClipboard(content, { copied: t('invalidUri.copied'), failed: t('invalidUri.copyFailed') });
  };
  return (
    <Dialog.Root open={content !== null} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title className="dialog-title">{t('invalidUri.title')}</Dialog.Title>
          <Dialog.Description className="dialog-description">{t('invalidUri.legend')}</Dialog.Description>
          <pre className="raw-content">{content}</pre>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => void copy()}>
              {t('invalidUri.copy')}
            </button>
            {isUrl && content && (
              <a className="button" href={content.trim()} target="_blank" rel="noopener noreferrer">
                {t('invalidUri.open')}
              </a>
            )}
            <Dialog.Close className="button button-primary">{t('actions.close')}</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
