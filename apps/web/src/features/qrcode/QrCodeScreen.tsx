import * as Dialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import { accountsQuery, qrCodeQuery } from '../../entities/account/account.api';

const route = getRouteApi('/signed-in/account/$twofaccountId/qrcode');

/** An account as a QR code, to add it to another app. */
export function QrCodeScreen() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { twofaccountId } = route.useParams();
  const id = Number(twofaccountId);
  const qr = useQuery(qrCodeQuery(id));
  const account = useQuery(accountsQuery).data?.find((item) => item.id === id);
  const close = () => void navigate({ to: '/accounts', search: { InitialEditMode: true } });
  const name = account ? (account.service ? `${account.service} (${account.account})` : account.account) : '';
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content className="fullscreen-modal">
          <Dialog.Title className="visually-hidden">{t('qr.title', { name })}</Dialog.Title>
          <Dialog.Description className="qr-legend">{t('qr.legend')}</Dialog.Description>
          {qr.data ? (
            <img className="qr-image" src={qr.data.qrcode} alt={t('qr.alt', { name })} />
          ) : (
            <Spinner />
          )}
          {name && <p className="qr-name">{name}</p>}
          <Dialog.Close className="button button-primary">{t('actions.close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
