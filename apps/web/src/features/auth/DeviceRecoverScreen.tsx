import * as Checkbox from '@radix-ui/react-checkbox';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { dismiss, notify } from '../../ui/notify';
import { DeviceNameForm } from '../../entities/user/DeviceNameForm';
import { useSignedIn } from './signed-in';
import { AuthCard } from './AuthCard';
import { recoverWithDevice } from '../../entities/user/webauthn.api';
import { notifyWebauthnProblem, WebauthnProblem } from '../../entities/user/webauthn';

/**
 * The link of the device-recovery e-mail (webauthn.recover): register a new device with the token,
 * optionally revoking every other one, then name it and go to the accounts.
 */
export function DeviceRecoverScreen({ email, token }: { readonly email: string; readonly token: string }) {
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();
  const checkboxId = useId();
  const [unique, setUnique] = useState(false);
  const [credentialId, setCredentialId] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => recoverWithDevice(email, token, unique),
    meta: { handles: [401, 403, 422, 429] },
  });

  async function start() {
    dismiss();
    try {
      const id = await mutation.mutateAsync();
      notify('success', t('device.registered'));
      setCredentialId(id);
    } catch (error) {
      if (error instanceof WebauthnProblem) notifyWebauthnProblem(error, t);
      else if (isApiError(error)) {
        const fieldMessage = Object.values(error.fieldErrors)[0]?.[0];
        notify('danger', fieldMessage ?? error.message, { duration: -1 });
      }
    }
  }

  if (credentialId) {
    return (
      <AuthCard title={t('device.registeredTitle')} lead={t('device.nameLead')}>
        <DeviceNameForm
          credentialId={credentialId}
          submitLabel={t('common:actions.save')}
          onSaved={() => signedIn()}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('recover.title')} lead={t('recover.lead', { email })}>
      <div className="checkbox-row">
        <Checkbox.Root
          id={checkboxId}
          className="checkbox"
          checked={unique}
          onCheckedChange={(checked) => setUnique(checked === true)}
        >
          <Checkbox.Indicator className="checkbox-indicator" aria-hidden="true">
            ✓
          </Checkbox.Indicator>
        </Checkbox.Root>
        <div>
          <label htmlFor={checkboxId}>{t('recover.revokeOthers')}</label>
          <p className="field-help">{t('recover.revokeOthersHelp')}</p>
        </div>
      </div>
      <div className="auth-stack">
        <button
          type="button"
          className="button button-primary button-block"
          disabled={mutation.isPending}
          onClick={() => void start()}
        >
          {t('recover.submit')}
        </button>
        <Link to="/login" className="button button-block">
          {t('common:actions.cancel')}
        </Link>
      </div>
    </AuthCard>
  );
}
