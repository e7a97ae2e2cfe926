import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field } from '../../ui/forms';
import { AuthCard, AuthForm } from './AuthCard';
import { dismiss, notify } from '../../ui/notify';
import { requestPasswordReset } from './password.api';
import { requestDeviceRecovery } from '../../entities/user/webauthn.api';

const senders = {
  password: requestPasswordReset,
  device: requestDeviceRecovery,
} as const;

/**
 * Asks for a link by e-mail: a password reset (password.request) or a security-device recovery
 * (webauthn.lost). A failure other than validation stays on screen as a danger notice.
 */
export function EmailRequestScreen({ kind }: { readonly kind: keyof typeof senders }) {
  const { t } = useTranslation('auth');
  const texts = kind === 'password' ? 'passwordRequest' : 'deviceLost';
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<{ email: string }>({ defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: senders[kind], meta: { handles: [400, 401, 403, 500] } });

  const submit = form.handleSubmit(async (values) => {
    dismiss();
    try {
      const { message } = await mutation.mutateAsync(values);
      setSent(message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email'])) {
        notify('danger', t('errors.requestFailed'), { duration: -1 });
      }
    }
  });

  return (
    <AuthCard
      title={t(`${texts}.title`)}
      lead={sent ? undefined : t(`${texts}.lead`)}
      footer={<Link to="/login">{t('backToLogin')}</Link>}
    >
      {sent ? (
        <p className="lead" role="status">
          {sent}
        </p>
      ) : (
        <AuthForm
          onSubmit={submit}
          submitLabel={t(`${texts}.submit`)}
          submitting={isSubmitting}
          serverError={errors.root?.server?.message}
        >
          <Field
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
        </AuthForm>
      )}
    </AuthCard>
  );
}

export function PasswordRequestScreen() {
  return <EmailRequestScreen kind="password" />;
}

export function DeviceLostScreen() {
  return <EmailRequestScreen kind="device" />;
}
