import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
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
    <section className="card auth-card" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('passwordReset.title')}</h1>
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
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Field
            label={t('fields.email')}
            type="email"
            readOnly
            error={errors.email?.message ?? errors.token?.message}
            {...form.register('email')}
          />
          <Field
            label={t('fields.newPassword')}
            type="password"
            autoComplete="new-password"
            required
            autoFocus
            error={errors.password?.message}
            help={t('fields.passwordHelp')}
            {...form.register('password')}
          />
          <Field
            label={t('fields.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            required
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
            {t('passwordReset.submit')}
          </button>
        </form>
      )}
      <p className="card-footer-text">
        <Link to="/login">{t('backToLogin')}</Link>
      </p>
    </section>
  );
}
