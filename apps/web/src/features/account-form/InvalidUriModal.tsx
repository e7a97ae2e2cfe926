import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../ui/clipboard';

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
