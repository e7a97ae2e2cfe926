import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { BodyOf } from '@twofold/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { appConfigQuery } from '../../entities/server/server.api';
import { changePassword, currentUserQuery, deleteUser, updateProfile } from '../../entities/user/user.api';
import { forgetLocalData } from '../../lib/session';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { ProxyWarning, SettingsSection } from '../../ui/setting-controls';

type ProfileBody = BodyOf<'/user', 'put'>;
type PasswordBody = BodyOf<'/user/password', 'patch'>;
type DeleteBody = BodyOf<'/user', 'delete'>;

/**
 * What the account forms do with a failure: 422 under the fields, 400 (wrong
 * password, proxy, ...) as a danger notice with the server's message; anything else is global.
 */
function handleFormError<T extends Record<string, unknown>>(
  error: unknown,
  setError: Parameters<typeof applyServerErrors<T>>[1],
  fields: Parameters<typeof applyServerErrors<T>>[2],
): void {
  if (applyServerErrors(error, setError, fields)) return;
  if (isApiError(error, 400) || isApiError(error, 403)) notify('danger', error.message, { duration: -1 });
}

/** Account: profile, password and deletion; read-only behind an authentication proxy. */
export function AccountScreen() {
  const { t } = useTranslation('settings');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const proxied = user.id === null;
  const demo = config.isDemoApp || config.isTestingApp;
  return (
    <div className="settings-page">
      {proxied && <ProxyWarning>{t('proxy.unsupported')}</ProxyWarning>}
      <ProfileForm disabled={proxied || demo} name={user.name ?? ''} email={user.email ?? ''} />
      <PasswordForm disabled={proxied || demo} />
      <DeleteForm disabled={proxied || demo} />
    </div>
  );
}

function ProfileForm({ disabled, name, email }: { disabled: boolean; name: string; email: string }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const form = useForm<ProfileBody>({ defaultValues: { name, email, password: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({
    mutationFn: updateProfile,
    meta: { handles: [400, 403] },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const user = await mutation.mutateAsync(values);
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      form.reset({ name: user.name ?? '', email: user.email ?? '', password: '' });
      notify('success', t('account.profileSaved'));
    } catch (error) {
      handleFormError(error, form.setError, ['name', 'email', 'password']);
    }
  });
  return (
    <SettingsSection title={t('account.profile')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="settings-form">
        <fieldset disabled={disabled}>
          <Field
            label={t('account.name')}
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <Field
            label={t('account.email')}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Field
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            help={t('account.currentPasswordHelp')}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('account.saveProfile')}
          </button>
        </fieldset>
      </form>
    </SettingsSection>
  );
}

function PasswordForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('settings');
  const form = useForm<PasswordBody>({
    defaultValues: { currentPassword: '', password: '', password_confirmation: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({
    mutationFn: changePassword,
    meta: { handles: [400, 403] },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { message } = await mutation.mutateAsync(values);
      form.reset();
      notify('success', message);
    } catch (error) {
      handleFormError(error, form.setError, ['currentPassword', 'password', 'password_confirmation']);
    }
  });
  return (
    <SettingsSection title={t('account.changePassword')}>
      <form onSubmit={(event) => void submit(event)} noValidate className="settings-form">
        <fieldset disabled={disabled}>
          <Field
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <Field
            label={t('account.newPassword')}
            type="password"
            autoComplete="new-password"
            help={t('account.newPasswordHelp')}
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Field
            label={t('account.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {t('account.updatePassword')}
          </button>
        </fieldset>
      </form>
    </SettingsSection>
  );
}

function DeleteForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<DeleteBody>({ defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({
    mutationFn: deleteUser,
    meta: { handles: [400, 403] },
  });
  const remove = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      forgetLocalData();
      queryClient.clear();
      notify('success', t('account.deleted'));
      await navigate({ to: '/register' });
    } catch (error) {
      handleFormError(error, form.setError, ['password']);
    }
  });
  return (
    <SettingsSection title={t('account.deleteTitle')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
        noValidate
        className="settings-form"
      >
        <fieldset disabled={disabled}>
          <p className="callout callout-danger">{t('account.deleteWarning')}</p>
          <Field
            label={t('account.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <FormError message={errors.root?.server?.message} />
          <button type="submit" className="button button-danger" disabled={isSubmitting}>
            {t('account.delete')}
          </button>
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('account.confirmDelete')}
        description={t('account.deleteWarning')}
        confirmLabel={t('account.delete')}
        danger
        onConfirm={() => void remove()}
      />
    </SettingsSection>
  );
}
