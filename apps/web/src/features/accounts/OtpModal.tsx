import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { otpQuery } from '../../entities/account/otp';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { useLockOnCopy } from '../../lib/lock-on-copy';
import { AccountIcon } from '../../entities/account/AccountIcon';
import { OtpView } from '../../entities/account/OtpView';
import { CopyRecoveryView } from '../../entities/extras/CopyRecoveryView';
import { dataMode } from '../../lib/data-mode';

interface OtpModalProps {
  readonly account: Account | null;
  /** Increases at each opening: each opening shows a fresh code. */
  readonly openCount: number;
  readonly onClose: () => void;
  /** After a copy (the list may clear its search or show the default group). */
  readonly onCopied?: () => void;
  /** Where the focus goes back when the window closes (the account it was opened from). */
  readonly returnFocus?: () => void;
}

/**
 * The code of one account, opened from the list. Copying it may close the modal, or end the
 * session at once when auto-lock is set to 'on copy'; it closes by itself after the chosen delay.
 */
export function OtpModal({ account, openCount, onClose, onCopied: afterCopy, returnFocus }: OtpModalProps) {
  const { t } = useTranslation('accounts');
  const { settings } = useAccountSettings();
  const lockSession = useLockOnCopy();
  // Offline, the note and recovery codes come from this device's copy (when it keeps them).
  const offline = useSyncExternalStore(dataMode.subscribe, dataMode.current).kind === 'offline-open';
  const hasExtras =
    account !== null && (account.has_note === true || (account.recovery_codes?.total ?? 0) > 0);

  const onCopied = useCallback(() => {
    afterCopy?.();
    if (lockSession) {
      onClose();
      lockSession();
      return;
    }
    if (settings.closeOtpOnCopy) onClose();
  }, [afterCopy, lockSession, onClose, settings.closeOtpOnCopy]);

  // 2FAuth's autoCloseTimeout: a code shown on request closes by itself after that many minutes.
  const open = account !== null;
  const autoClose = settings.autoCloseTimeout;
  useEffect(() => {
    if (!open || autoClose <= 0) return;
    const timer = setTimeout(onClose, autoClose * 60_000);
    return () => clearTimeout(timer);
  }, [open, openCount, autoClose, onClose]);

  return (
    <Dialog.Root open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog otp-dialog"
          onOpenAutoFocus={(event) => {
            // Focus waits on the window itself, then moves to the copy action once the code shows
            // (OtpView's `focusCopy`): Enter copies the code at once.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus();
          }}
        >
          {account && (
            <>
              <div className="otp-head">
                <AccountIcon account={account} size={64} />
                <Dialog.Title className="otp-service">{account.service ?? account.account}</Dialog.Title>
                <Dialog.Description className="otp-account">
                  {account.service ? account.account : t('otp.noService')}
                </Dialog.Description>
              </div>
              <OtpView
                key={`${account.id}-${openCount}`}
                query={otpQuery(account.id)}
                onCopied={onCopied}
                codeWindow
              />
              {offline && hasExtras && <CopyRecoveryView account={account} />}
              <Dialog.Close className="button button-block otp-close">{t('actions.close')}</Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
