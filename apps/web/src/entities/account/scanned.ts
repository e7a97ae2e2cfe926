import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { decodeQrFile } from './account.api';
import { classifyScan, handOff } from './scan-handoff';

/** Goes where the scanned data lead, or warns. Returns true when it navigated. */
export function useScannedData(): (data: string | null | undefined) => boolean {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return useCallback(
    (data) => {
      const outcome = classifyScan(data);
      switch (outcome.kind) {
        case 'migration':
          handOff('migration', outcome.uri);
          void navigate({ to: '/account/import' });
          return true;
        case 'otpauth':
          handOff('otpauth', outcome.uri);
          void navigate({ to: '/account/create' });
          return true;
        case 'invalid':
          notify('warning', t('scan.noValidOtp'));
          return false;
        case 'empty':
          notify('warning', t('scan.unreadable'));
          return false;
      }
    },
    [navigate, t],
  );
}

/**
 * Uploads a QR image to the server's decoder. Its refusals (no code found, not an
 * image) are shown as warnings; the decoded text goes to `onDecoded`.
 */
export function useQrUpload(onDecoded: (data: string) => void) {
  return useMutation({
    mutationFn: decodeQrFile,
    meta: { handles: [400, 422] },
    onSuccess: onDecoded,
    onError: (error) => {
      if (isApiError(error, 400) || isApiError(error, 422)) {
        notify('warning', Object.values(error.fieldErrors)[0]?.[0] ?? error.message);
      }
    },
  });
}
