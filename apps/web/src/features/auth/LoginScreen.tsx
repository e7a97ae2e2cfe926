import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { login, type LoginBody } from './auth.api';

/** Sign in with e-mail and password (product.md §2, login and related). */
export function LoginScreen({
  userName,
  onSignedIn,
}: {
  readonly userName: string | null;
  readonly onSignedIn: () => Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const form = useForm<LoginBody>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: login, meta: { handles: [401, 429] } });

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      queryClient.clear();
      await onSignedIn();
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
    <section className="card auth-card" aria-labelledby="login-title">
      <h1 id="login-title">{userName ? t('login.welcome', { name: userName }) : t('login.title')}</h1>
      <form onSubmit={(event) => void submit(event)} noValidate>
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
        <FormError message={errors.root?.server?.message} />
        <button type="submit" className="button button-primary button-block" disabled={isSubmitting}>
          {t('login.submit')}
        </button>
      </form>
    </section>
  );
}
