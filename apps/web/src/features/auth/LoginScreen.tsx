import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { rememberedSignInMethod } from '../../entities/settings/preferences';
import { appConfigQuery, useDemoMode } from '../../entities/server/server.api';
import { OidcSignIn } from './OidcSignIn';
import { applyServerErrors, Field } from '../../ui/forms';
import { AuthCard, AuthForm } from './AuthCard';
import { dismiss, notify } from '../../ui/notify';
import { login, refreshCsrf, type LoginBody } from './auth.api';
import { useSignedIn } from './signed-in';
import { signInWithDevice } from '../../entities/user/webauthn.api';
import { notifyWebauthnProblem, WebauthnProblem } from '../../entities/user/webauthn';

/** The CSRF token of the anonymous session is refreshed this often on the sign-in screen. */
export const CSRF_REFRESH_INTERVAL = 300_000;

/**
 * Sign in: a security device first when the user's settings say
 * so (with a switch to the password form unless devices are the only way), else e-mail and password.
 * Device sign-in is offered only when a device is registered.
 */
export function LoginScreen({
  userName,
  hasDevice,
}: {
  readonly userName: string | null;
  /** Whether the user has a security device (the server says): device sign-in is offered only then. */
  readonly hasDevice: boolean;
}) {
  const { t } = useTranslation('auth');
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const [method] = useState(rememberedSignInMethod);
  const [mode, setMode] = useState<'webauthn' | 'password'>(
    hasDevice && (method.webauthnOnly || method.webauthnAsDefault) ? 'webauthn' : 'password',
  );

  useEffect(() => {
    const timer = setInterval(() => void refreshCsrf(), CSRF_REFRESH_INTERVAL);
    return () => clearInterval(timer);
  }, []);

  return (
    <AuthCard title={userName ? t('login.welcome', { name: userName }) : t('login.title')}>
      {config.oidc && <OidcSignIn label={config.oidc.label} />}
      {!config.passwordSignIn ? null : mode === 'webauthn' ? (
        <DeviceSignIn onUsePassword={method.webauthnOnly ? undefined : () => setMode('password')} />
      ) : (
        <PasswordSignIn onUseDevice={hasDevice ? () => setMode('webauthn') : undefined} />
      )}
    </AuthCard>
  );
}

function DeviceSignIn({ onUsePassword }: { readonly onUsePassword: (() => void) | undefined }) {
  const { t } = useTranslation('auth');
  const demo = useDemoMode();
  const signedIn = useSignedIn();
  const mutation = useMutation({ mutationFn: signInWithDevice, meta: { handles: [401, 429] } });

  async function start() {
    dismiss();
    try {
      const payload = await mutation.mutateAsync();
      await signedIn(payload.preferences);
    } catch (error) {
      if (error instanceof WebauthnProblem) notifyWebauthnProblem(error, t);
      else if (isApiError(error, 401)) notify('danger', t('webauthn.errors.unknownDevice'), { duration: -1 });
      else if (isApiError(error, 429)) notify('danger', error.message, { duration: -1 });
    }
  }

  return (
    <div className="auth-stack">
      <p className="lead">{t('login.deviceLead')}</p>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={mutation.isPending}
        onClick={() => void start()}
      >
        {t('login.continueWithDevice')}
      </button>
      <p className="auth-links">
        {!demo && <Link to="/webauthn/lost">{t('login.lostDevice')}</Link>}
        {onUsePassword && (
          <button type="button" className="link-button" onClick={onUsePassword}>
            {t('login.usePassword')}
          </button>
        )}
      </p>
    </div>
  );
}

function PasswordSignIn({ onUseDevice }: { readonly onUseDevice: (() => void) | undefined }) {
  const { t } = useTranslation('auth');
  const demo = useDemoMode();
  const signedIn = useSignedIn();
  const form = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: login, meta: { handles: [401, 429] } });

  const submit = form.handleSubmit(async (values) => {
    dismiss();
    try {
      const payload = await mutation.mutateAsync(values);
      await signedIn(payload.preferences);
    } catch (error) {
      if (isApiError(error, 401)) {
        notify('danger', t('login.failed'), { duration: -1 });
      } else if (isApiError(error, 429)) {
        notify('danger', error.message, { duration: -1 });
      } else {
        applyServerErrors(error, form.setError, ['email', 'password']);
      }
    }
  });

  return (
    <AuthForm
      onSubmit={submit}
      submitLabel={t('login.submit')}
      submitting={isSubmitting}
      serverError={errors.root?.server?.message}
      after={
        onUseDevice && (
          <p className="auth-links">
            <button type="button" className="link-button" onClick={onUseDevice}>
              {t('login.useDevice')}
            </button>
          </p>
        )
      }
    >
      <Field
        label={t('fields.email')}
        type="email"
        autoComplete="username"
        required
        error={errors.email?.message}
        {...form.register('email')}
      />
      <Field
        label={t('fields.password')}
        type="password"
        autoComplete="current-password"
        required
        error={errors.password?.message}
        {...form.register('password')}
      />
      {!demo && (
        <p className="field-aside">
          <Link to="/password/request">{t('login.forgotPassword')}</Link>
        </p>
      )}
    </AuthForm>
  );
}
