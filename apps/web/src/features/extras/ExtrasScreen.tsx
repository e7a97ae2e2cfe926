import './extras.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery } from '../../entities/account/account.api';
import { markRecoveryCode, revealedExtrasQuery, type RevealedExtras } from '../../entities/extras/extras.api';
import { needsConfirmation } from '../../entities/user/confirm-identity.api';
import { ConfirmIdentity } from '../../entities/user/ConfirmIdentity';
import { CopyRecoveryView } from '../../entities/extras/CopyRecoveryView';
import { dataMode } from '../../lib/data-mode';
import { copyToClipboard } from '../../ui/clipboard';
import { Spinner } from '../../ui/Spinner';

const route = getRouteApi('/signed-in/account/$twofaccountId/recovery');

/** An account's recovery codes and note, after the user confirmed who they are (five minutes). */
export function ExtrasScreen() {
  const { t } = useTranslation('extras');
  const navigate = useNavigate();
  const { twofaccountId } = route.useParams();
  const id = Number(twofaccountId);
  const offline = useSyncExternalStore(dataMode.subscribe, dataMode.current).kind === 'offline-open';
  const extras = useQuery({ ...revealedExtrasQuery(id), enabled: !offline });
  const account = useQuery(accountsQuery).data?.find((item) => item.id === id);
  const name = account ? (account.service ?? account.account) : '';
  const close = () => void navigate({ to: '/accounts' });
  const asking = extras.isError && needsConfirmation(extras.error);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content className="fullscreen-modal extras-panel" aria-describedby={undefined}>
          <Dialog.Title>{t('title', { name })}</Dialog.Title>
          {offline && account && <CopyRecoveryView account={account} />}
          {asking && <ConfirmIdentity forExtras onConfirmed={() => void extras.refetch()} />}
          {!offline && extras.isPending && <Spinner />}
          {!offline && extras.data && (
            <ExtrasContent id={id} extras={extras.data} onChanged={() => void extras.refetch()} />
          )}
          <Dialog.Close className="button">{t('close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function ExtrasContent({
  id,
  extras,
  onChanged,
}: {
  readonly id: number;
  readonly extras: RevealedExtras;
  readonly onChanged: () => void;
}) {
  const { t, i18n } = useTranslation('extras');
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
      {extras.note !== null && (
        <section className="extras-note">
          <h3>{t('note')}</h3>
          <p>{extras.note}</p>
        </section>
      )}
      {extras.recovery_codes.length === 0 ? (
        <p>{t('none')}</p>
      ) : (
        <ul className="recovery-codes">
          {extras.recovery_codes.map((code) => (
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
