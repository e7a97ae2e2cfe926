import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field } from '../../ui/forms';
import { AuthCard, AuthForm, NewPasswordFields } from './AuthCard';
import { dismiss, notify } from '../../ui/notify';
import { resetPassword, type PasswordResetBody } from './password.api';
import { useSignedIn } from './signed-in';

/**
 * The link of the reset e-mail (password.reset): e-mail (read-only) and token from the query, a new
 * password twice, then Continue to the accounts.
 */
export function PasswordResetScreen({ email, token }: { readonly email: string; readonly token: string }) {
  const { t } = useTranslation('auth');
  const signedIn = useSignedIn();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<PasswordResetBody>({
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: resetPassword, meta: { handles: [400, 401, 403, 500] } });

  const submit = form.handleSubmit(async (values) => {
    dismiss();
    try {
      const { message } = await mutation.mutateAsync(values);
      setDone(message);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['email', 'password', 'password_confirmation', 'token'])) {
        notify('danger', t('errors.resetFailed'), { duration: -1 });
      }
    }
  });

  return (
    <AuthCard title={t('passwordReset.title')} footer={<Link to="/login">{t('backToLogin')}</Link>}>
      {done ? (
        <div className="auth-stack">
          <p className="lead" role="status">
            {done}
          </p>
          <button
            type="button"
            className="button button-primary button-block"
            onClick={() => void signedIn()}
          >
            {t('common:actions.continue')}
          </button>
        </div>
      ) : (
        <AuthForm
          onSubmit={submit}
          submitLabel={t('passwordReset.submit')}
          submitting={isSubmitting}
          serverError={errors.root?.server?.message}
        >
          <Field
            label={t('fields.email')}
            type="email"
            readOnly
            error={errors.email?.message ?? errors.token?.message}
            {...form.register('email')}
          />
          <NewPasswordFields
            label={t('fields.newPassword')}
            autoFocus
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
