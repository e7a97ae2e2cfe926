import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { HiddenFileInput } from '../../ui/HiddenFileInput';
import { Spinner } from '../../ui/Spinner';
import { useQrUpload } from '../../entities/account/scanned';

/** When the camera cannot be used: the same QR code, from a picture of it. */
export function UploadInstead({ onDecoded }: { readonly onDecoded: (data: string) => void }) {
  const { t } = useTranslation('capture');
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useQrUpload(onDecoded);
  return (
    <>
      <HiddenFileInput ref={fileInput} accept="image/*" onFile={(file) => upload.mutate(file)} />
      <button
        type="button"
        className="button button-primary"
        disabled={upload.isPending}
        onClick={() => fileInput.current?.click()}
      >
        {t('upload')}
      </button>
      {upload.isPending && <Spinner />}
    </>
  );
}
