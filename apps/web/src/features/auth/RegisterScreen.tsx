import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { register, type RegisterBody } from './auth.api';

/** Register the one user (product.md §2, login and related). */
export function RegisterScreen({ onRegistered }: { readonly onRegistered: () => Promise<void> }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<RegisterBody>({
    defaultValues: { name: '', email: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: register });

  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      queryClient.clear();
      await onRegistered();
    } catch (error) {
      // Somebody registered first: only one user can ever exist.
      if (isApiError(error, 422) && error.fieldErrors.name?.[0] === 'There is already a registered user') {
        await navigate({ to: '/flooded' });
        return;
      }
      applyServerErrors(error, form.setError, ['name', 'email', 'password', 'password_confirmation']);
    }
  });

  return (
    <section className="card auth-card" aria-labelledby="register-title">
      <h1 id="register-title">{t('register.title')}</h1>
      <p className="lead">{t('register.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
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
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          required
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
          {t('register.submit')}
        </button>
      </form>
      <p className="card-footer-text">
        {t('register.haveAccount')} <Link to="/login">{t('login.submit')}</Link>
      </p>
    </section>
  );
}
