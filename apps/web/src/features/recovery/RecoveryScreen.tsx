import './recovery.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery } from '../../entities/account/account.api';
import { ConfirmIdentity } from '../../entities/recovery/ConfirmIdentity';
import { CopyRecoveryView } from '../../entities/recovery/CopyRecoveryView';
import { dataMode } from '../../lib/data-mode';
import {
  markRecoveryCode,
  needsConfirmation,
  recoveryQuery,
  type AccountRecovery,
} from '../../entities/recovery/recovery.api';
import { copyToClipboard } from '../../ui/clipboard';
import { Spinner } from '../../ui/Spinner';

const route = getRouteApi('/signed-in/account/$twofaccountId/recovery');

/** An account's recovery codes and note, after the user confirmed who they are (five minutes). */
export function RecoveryScreen() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const { twofaccountId } = route.useParams();
  const id = Number(twofaccountId);
  const offline = useSyncExternalStore(dataMode.subscribe, dataMode.current).kind === 'offline-open';
  const recovery = useQuery({ ...recoveryQuery(id), enabled: !offline });
  const account = useQuery(accountsQuery).data?.find((item) => item.id === id);
  const name = account ? (account.service ?? account.account) : '';
  const close = () => void navigate({ to: '/accounts' });
  const asking = recovery.isError && needsConfirmation(recovery.error);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content className="fullscreen-modal recovery-panel" aria-describedby={undefined}>
          <Dialog.Title>{t('title', { name })}</Dialog.Title>
          {offline && account && <CopyRecoveryView account={account} />}
          {asking && <ConfirmIdentity onConfirmed={() => void recovery.refetch()} />}
          {!offline && recovery.isPending && <Spinner />}
          {!offline && recovery.data && (
            <RecoveryContent id={id} recovery={recovery.data} onChanged={() => void recovery.refetch()} />
          )}
          <Dialog.Close className="button">{t('close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RecoveryContent({
  id,
  recovery,
  onChanged,
}: {
  readonly id: number;
  readonly recovery: AccountRecovery;
  readonly onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('recovery');
  const queryClient = useQueryClient();
  const mark = async (codeId: number, used: boolean) => {
    await markRecoveryCode(id, codeId, used);
    onChanged();
    // The list's badge counts the unused codes.
    await queryClient.invalidateQueries({ queryKey: accountsQuery.queryKey });
  };
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <>
      {recovery.note !== null && (
        <section className="recovery-note">
          <h3>{t('note')}</h3>
          <p>{recovery.note}</p>
        </section>
      )}
      {recovery.recovery_codes.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="recovery-codes">
          {recovery.recovery_codes.map((code) => (
            <li key={code.id} className={code.used_at ? 'recovery-code-used' : undefined}>
              <code>{code.code}</code>
              <span className="recovery-code-state">
                {code.used_at ? t('used', { date: date(code.used_at) }) : t('unused')}
              </span>
              <button
                type="button"
                className="button"
                onClick={() =>
                  void copyToClipboard(code.code, { copied: t('copied'), failed: t('copyFailed') })
                }
              >
                {t('copy')}
              </button>
              <button type="button" className="button" onClick={() => void mark(code.id, !code.used_at)}>
                {code.used_at ? t('markUnused') : t('markUsed')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
