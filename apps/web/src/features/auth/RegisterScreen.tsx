import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { userNameQuery } from '../../entities/user/user.api';
import { appConfigQuery } from '../../entities/server/server.api';
import { OidcSignIn } from './OidcSignIn';
import { applyServerErrors, Field } from '../../ui/forms';
import { AuthCard, AuthForm, NewPasswordFields } from './AuthCard';
import { dismiss, notify } from '../../ui/notify';
import { register, type RegisterBody } from './auth.api';
import { DeviceNameForm } from '../../entities/user/DeviceNameForm';
import { useSignedIn } from './signed-in';
import { registerDevice } from '../../entities/user/webauthn.api';
import { notifyWebauthnProblem, WebauthnProblem } from '../../entities/user/webauthn';

type Step =
  | { readonly name: 'form' }
  | { readonly name: 'device'; readonly preferences: Readonly<Record<string, unknown>> }
  | {
      readonly name: 'naming';
      readonly credentialId: string;
      readonly preferences: Readonly<Record<string, unknown>>;
    };

/**
 * Register the one user, then an optional security device ('Maybe later'), then
 * naming that device.
 */
export function RegisterScreen() {
  const [step, setStep] = useState<Step>({ name: 'form' });
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();

  switch (step.name) {
    case 'form':
      return <RegisterForm onRegistered={(preferences) => setStep({ name: 'device', preferences })} />;
    case 'device':
      return (
        <DeviceStep
          onRegistered={(credentialId) =>
            setStep({ name: 'naming', credentialId, preferences: step.preferences })
          }
          onLater={() => void signedIn(step.preferences)}
        />
      );
    case 'naming':
      return (
        <AuthCard title={t('device.registeredTitle')} lead={t('device.nameLead')}>
          <DeviceNameForm
            credentialId={step.credentialId}
            submitLabel={t('common:actions.continue')}
            onSaved={() => signedIn(step.preferences)}
          />
        </AuthCard>
      );
  }
}

function RegisterForm({
  onRegistered,
}: {
  readonly onRegistered: (preferences: Readonly<Record<string, unknown>>) => void;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const form = useForm<RegisterBody>({
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: register });

  const submit = form.handleSubmit(async (values) => {
    try {
      const payload = await mutation.mutateAsync(values);
      onRegistered(payload.preferences);
    } catch (error) {
      // Somebody registered first: only one user can ever exist. The message is in
      // the reader's language, so ask whether a user exists rather than compare texts.
      if (isApiError(error, 422) && error.fieldErrors.name) {
        const existing = await queryClient.fetchQuery({ ...userNameQuery, staleTime: 0 }).catch(() => null);
        if (existing?.name) {
          await navigate({ to: '/flooded' });
          return;
        }
      }
      applyServerErrors(error, form.setError, ['name', 'email', 'password', 'password_confirmation']);
    }
  });

  return (
    <AuthCard
      title={t('register.title')}
      lead={t('register.lead')}
      footer={
        <>
          {t('register.haveAccount')} <Link to="/login">{t('login.submit')}</Link>
        </>
      }
    >
      {config.oidc && <OidcSignIn label={config.oidc.label} />}
      {config.passwordSignIn && (
        <AuthForm
          onSubmit={submit}
          submitLabel={t('register.submit')}
          submitting={isSubmitting}
          serverError={errors.root?.server?.message}
        >
          <Field
            label={t('fields.name')}
            autoComplete="name"
            required
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Field
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <NewPasswordFields
            label={t('fields.password')}
            password={form.register('password')}
            confirmation={form.register('password_confirmation')}
            errors={{
              password: errors.password?.message,
              confirmation: errors.password_confirmation?.message,
            }}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}

function DeviceStep({
  onRegistered,
  onLater,
}: {
  readonly onRegistered: (credentialId: string) => void;
  readonly onLater: () => void;
}) {
  const { t } = useTranslation('auth');
  const mutation = useMutation({ mutationFn: registerDevice, meta: { handles: [422] } });

  async function start() {
    dismiss();
    try {
      const id = await mutation.mutateAsync();
      notify('success', t('device.registered'));
      onRegistered(id);
    } catch (error) {
      if (error instanceof WebauthnProblem) notifyWebauthnProblem(error, t);
      else if (isApiError(error, 422)) notify('danger', error.message, { duration: -1 });
    }
  }

  return (
    <AuthCard title={t('device.title')} lead={t('device.lead')}>
      <div className="auth-stack">
        <button
          type="button"
          className="button button-primary button-block"
          disabled={mutation.isPending}
          onClick={() => void start()}
        >
          {t('device.register')}
        </button>
        <button type="button" className="button button-block" onClick={onLater}>
          {t('device.maybeLater')}
        </button>
      </div>
    </AuthCard>
  );
}
