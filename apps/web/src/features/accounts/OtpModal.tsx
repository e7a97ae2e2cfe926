import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery, fetchAccountOtp, type Account, type Otp } from './accounts.api';
import { AccountIcon } from './AccountIcon';
import { OtpView } from './OtpView';
import { useAccountSettings } from './settings';

interface OtpModalProps {
  readonly account: Account | null;
  /** Increases at each opening: each opening fetches a fresh code. */
  readonly openCount: number;
  readonly onClose: () => void;
}

/** The code of one account (product.md §2, one-time password modal; §4, OTP display). */
export function OtpModal({ account, openCount, onClose }: OtpModalProps) {
  const { t } = useTranslation('accounts');
  const { settings } = useAccountSettings();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = account?.id;

  const onHotp = useCallback(
    (otp: Otp) => {
      if (otp.counter === undefined) return;
      queryClient.setQueryData(accountsQuery.queryKey, (list) =>
        list?.map((item) => (item.id === id ? { ...item, counter: otp.counter ?? item.counter } : item)),
      );
    },
    [id, queryClient],
  );

  const onCopied = useCallback(() => {
    if (settings.kickUserAfter === -1) {
      onClose();
      void navigate({ to: '/autolock' });
      return;
    }
    if (settings.closeOtpOnCopy) onClose();
  }, [navigate, onClose, settings.closeOtpOnCopy, settings.kickUserAfter]);

  const fetchOtp = useCallback(() => fetchAccountOtp(id ?? 0), [id]);

  return (
    <Dialog.Root open={account !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog otp-dialog">
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
                queryKey={['account', account.id, openCount]}
                fetchOtp={fetchOtp}
                onHotp={onHotp}
                onCopied={onCopied}
              />
              <Dialog.Close className="button button-block otp-close">{t('actions.close')}</Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
