import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { previewUri } from '../../entities/account/account.api';
import { classifyScan, handOff } from '../../entities/account/scan-handoff';
import { notify } from '../../ui/notify';
import { useQrUpload } from '../../entities/account/scanned';
import { valuesOf, type FormValues } from '../../entities/account/form-values';
import type { IconState } from './icons';
import { InvalidUriModal } from './InvalidUriModal';
import { HiddenFileInput } from '../../ui/HiddenFileInput';

/**
 * Fills the form from a QR image: an otpauth URI fills the fields (and its logo, if the server
 * found one, becomes the temporary icon), a migration URI goes to the import screen, and anything
 * else is shown as the invalid content it is.
 */
function useQrPrefill(form: UseFormReturn<FormValues>, icon: IconState) {
  const { t } = useTranslation('accountForm');
  const navigate = useNavigate();
  const [invalidUri, setInvalidUri] = useState<string | null>(null);

  const preview = useMutation({
    mutationFn: previewUri,
    meta: { handles: [422] },
    onSuccess: (result) => {
      const { icon: previewIcon, ...fields } = result;
      form.reset(valuesOf(fields));
      icon.setTemporary(previewIcon);
    },
    onError: (error, scanned) => {
      if (!isApiError(error, 422)) return;
      if (error.fieldErrors.uri) setInvalidUri(scanned);
      else notify('warning', error.message);
    },
  });

  const upload = useQrUpload((data) => {
    const outcome = classifyScan(data);
    if (outcome.kind === 'otpauth') preview.mutate(outcome.uri);
    else if (outcome.kind === 'migration') {
      handOff('migration', outcome.uri);
      void navigate({ to: '/account/import' });
    } else if (outcome.kind === 'empty') notify('warning', t('scan.unreadable'));
    else setInvalidUri(data);
  });

  return {
    busy: upload.isPending || preview.isPending,
    upload: (file: File) => upload.mutate(file),
    invalidUri,
    closeInvalidUri: () => setInvalidUri(null),
  };
}

/** The 'Prefill from a QR code' button of a new account, and what it does with the image. */
export function QrPrefill({
  form,
  icon,
}: {
  readonly form: UseFormReturn<FormValues>;
  readonly icon: IconState;
}) {
  const { t } = useTranslation('accountForm');
  const prefill = useQrPrefill(form, icon);
  const qrInput = useRef<HTMLInputElement>(null);
  return (
    <div className="form-prefill">
      <button
        type="button"
        className="button"
        disabled={prefill.busy}
        onClick={() => qrInput.current?.click()}
      >
        {t('prefill')}
      </button>
      <HiddenFileInput ref={qrInput} accept="image/*" onFile={prefill.upload} />
      <InvalidUriModal content={prefill.invalidUri} onClose={prefill.closeInvalidUri} />
    </div>
  );
}
