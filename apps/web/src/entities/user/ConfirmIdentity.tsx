import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { Field } from '../../ui/forms';
import { devicesQuery } from './devices.api';
import { notifyWebauthnProblem, WebauthnProblem } from './webauthn';
import { confirmPassword, confirmWithDevice } from './confirm-identity.api';

/**
 * The confirmation the server asks for before it reveals a note or recovery codes (valid five
 * minutes): the extras screen, the account form, the export, the break-glass file and the device
 * connection share it. A `form` element unless `nested` (inside another form, where a nested form
 * is invalid HTML).
 */
export function ConfirmIdentity({
  onConfirmed,
  nested = false,
  forExtras = false,
}: {
  readonly onConfirmed: () => void;
  readonly nested?: boolean;
  /** Says the note and the recovery codes are what it opens; otherwise, that it lets the person go on. */
  readonly forExtras?: boolean;
}) {
  const { t } = useTranslation('auth', { keyPrefix: 'confirmIdentity' });
  const { t: tAuth } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deviceError, setDeviceError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // A security device confirms as well as the password, when the user has one.
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
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
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
  const fields = (
    <>
      <p>
        {forExtras
          ? t(hasDevice ? 'legendWithDevice' : 'legend')
          : t(hasDevice ? 'legendToContinueWithDevice' : 'legendToContinue')}
      </p>
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
        onKeyDown={(event) => {
          // Enter inside the account form confirms, never submits the account.
          if (nested && event.key === 'Enter') {
            event.preventDefault();
            void submit();
          }
        }}
        required
      />
      <button
        type={nested ? 'button' : 'submit'}
        className="button button-primary"
        disabled={busy}
        onClick={nested ? () => void submit() : undefined}
      >
        {t('confirm')}
      </button>
    </>
  );
  return nested ? (
    <div className="confirm-identity" role="group" aria-label={t('confirm')}>
      {fields}
    </div>
  ) : (
    <form className="confirm-identity" onSubmit={(event) => void submit(event)}>
      {fields}
    </form>
  );
}
