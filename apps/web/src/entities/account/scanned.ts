import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { decodeQrFile } from './account.api';
import { handOff } from './scan-handoff';

export type ScanOutcome =
  | { readonly kind: 'migration'; readonly uri: string }
  | { readonly kind: 'otpauth'; readonly uri: string }
  | { readonly kind: 'invalid' }
  | { readonly kind: 'empty' };

const MIGRATION_PREFIX = 'otpauth-migration://offline?data=';
/** otpauth URIs of the types the server reads, any letter case (Aegis writes Steam as `steam`). */
const OTPAUTH_PREFIX = /^otpauth:\/\/(totp|hotp|steam)\//i;

/**
 * What a scanned or uploaded QR code holds: the first
 * 33 characters for a Google migration, the type for an otpauth URI.
 */
export function classifyScan(data: string | null | undefined): ScanOutcome {
  if (!data) return { kind: 'empty' };
  if (data.slice(0, MIGRATION_PREFIX.length).toLowerCase() === MIGRATION_PREFIX)
    return { kind: 'migration', uri: data };
  if (OTPAUTH_PREFIX.test(data)) return { kind: 'otpauth', uri: data };
  return { kind: 'invalid' };
}

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

/** The address fragment that carries a QR code's content from the browser extension. */
const FRAGMENT_KEY = '#otpauth=';

/**
 * Takes a QR code's content handed over in the address fragment (`#otpauth=<encoded>`: the
 * extension's "Scan a QR code on this page" opens the create form so) and hands it to its screen
 * in memory like a scan. The fragment never reaches a server or a proxy; it is removed at once
 * so that neither the address bar nor the history entry keeps the secret. Returns the path to
 * replace the address with (the create form, or the import screen for a Google Authenticator
 * migration), or null when the address carries no such fragment.
 */
export function takeFragmentHandoff(location: {
  readonly hash: string;
  readonly pathname: string;
}): string | null {
  if (!location.hash.startsWith(FRAGMENT_KEY)) return null;
  let data: string | null = null;
  try {
    data = decodeURIComponent(location.hash.slice(FRAGMENT_KEY.length));
  } catch {
    // A malformed escape: treated as no content; the fragment is removed all the same.
  }
  const outcome = classifyScan(data);
  switch (outcome.kind) {
    case 'migration':
      handOff('migration', outcome.uri);
      return '/account/import';
    case 'otpauth':
      handOff('otpauth', outcome.uri);
      return '/account/create';
    default:
      return location.pathname;
  }
}
