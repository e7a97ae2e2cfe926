import './recovery.css';
import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { accountsQuery } from '../../entities/account/account.api';
import { devicesQuery } from '../../entities/user/devices.api';
import { notifyWebauthnProblem, WebauthnProblem } from '../../entities/user/webauthn';
import {
  confirmPassword,
  confirmWithDevice,
  markRecoveryCode,
  needsConfirmation,
  recoveryQuery,
  type AccountRecovery,
} from '../../entities/recovery/recovery.api';
import { copyToClipboard } from '../../ui/clipboard';
import { Field } from '../../ui/forms';
import { Spinner } from '../../ui/Spinner';

const route = getRouteApi('/signed-in/account/$twofaccountId/recovery');

/** An account's recovery codes and note, after the user confirmed who they are (five minutes). */
export function RecoveryScreen() {
  const { t } = useTranslation('recovery');
  const navigate = useNavigate();
  const { twofaccountId } = route.useParams();
  const id = Number(twofaccountId);
  const recovery = useQuery(recoveryQuery(id));
  const account = useQuery(accountsQuery).data?.find((item) => item.id === id);
  const name = account ? (account.service ?? account.account) : '';
  const close = () => void navigate({ to: '/accounts' });
  const asking = recovery.isError && needsConfirmation(recovery.error);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Content className="fullscreen-modal recovery-panel" aria-describedby={undefined}>
          <Dialog.Title>{t('title', { name })}</Dialog.Title>
          {asking && <ConfirmForm onConfirmed={() => void recovery.refetch()} />}
          {recovery.isPending && <Spinner />}
          {recovery.data && (
            <RecoveryContent id={id} recovery={recovery.data} onChanged={() => void recovery.refetch()} />
          )}
          <Dialog.Close className="button">{t('close')}</Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The password, and the security device when the user has one (either confirms). */
function ConfirmForm({ onConfirmed }: { readonly onConfirmed: () => void }) {
  const { t } = useTranslation('recovery');
  const { t: tAuth } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deviceError, setDeviceError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const hasDevice = (useQuery(devicesQuery).data?.length ?? 0) > 0;
  const confirmByDevice = async () => {
    setBusy(true);
    setDeviceError(undefined);
    try {
      await confirmWithDevice();
      onConfirmed();
    } catch (failure) {
      if (failure instanceof WebauthnProblem) notifyWebauthnProblem(failure, tAuth);
      else if (isApiError(failure)) setDeviceError(failure.fieldErrors.credential?.[0] ?? failure.message);
      else throw failure;
    } finally {
      setBusy(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await confirmPassword(password);
      setPassword('');
      onConfirmed();
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      setError(failure.fieldErrors.password?.[0] ?? failure.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="recovery-confirm" onSubmit={(event) => void submit(event)}>
      <p>{t(hasDevice ? 'legendWithDevice' : 'legend')}</p>
      {hasDevice && (
        <>
          <button type="button" className="button" disabled={busy} onClick={() => void confirmByDevice()}>
            {t('useDevice')}
          </button>
          {deviceError && (
            <p className="field-error" role="alert">
              {deviceError}
            </p>
          )}
        </>
      )}
      <Field
        label={t('password')}
        type="password"
        autoComplete="current-password"
        value={password}
        error={error}
        onChange={(event) => setPassword(event.target.value)}
        required
      />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('confirm')}
      </button>
    </form>
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
