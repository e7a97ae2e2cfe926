import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { setBackupPassword } from '../../../entities/backup/backup.api';
import { applyServerErrors, Field, FormError } from '../../../ui/forms';
import { notify } from '../../../ui/notify';
import { SettingsSection } from '../../../ui/setting-controls';

interface Values {
  current_password: string;
  password: string;
  confirmation: string;
}

/**
 * Sets the backup password, typed twice, or changes it (the current one is asked then). Only this
 * password opens a backup: the server keeps a key wrapped by it, never the password itself.
 */
export function BackupPasswordForm({
  passwordSet,
  onSaved,
}: {
  readonly passwordSet: boolean;
  readonly onSaved: () => unknown;
}) {
  const { t } = useTranslation('settings');
  const form = useForm<Values>({ defaultValues: { current_password: '', password: '', confirmation: '' } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({ mutationFn: setBackupPassword, meta: { handles: [400, 403] } });
  const submit = form.handleSubmit(async ({ current_password, password, confirmation }) => {
    if (password !== confirmation) {
      form.setError('confirmation', { type: 'mismatch', message: t('backups.passwordsDiffer') });
      return;
    }
    try {
      await mutation.mutateAsync({ password, ...(passwordSet ? { current_password } : {}) });
      form.reset();
      notify('success', t(passwordSet ? 'backups.passwordChanged' : 'backups.passwordSet'));
      await onSaved();
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['current_password', 'password'])) {
        form.setError('root.server', { type: 'server', message: t('backups.passwordRefused') });
      }
    }
  });
  return (
    <SettingsSection title={t('backups.password')}>
      <p className={`callout ${passwordSet ? 'callout-success' : 'callout-warning'}`} role="status">
        {passwordSet ? t('backups.passwordIsSet') : t('backups.passwordNotSet')}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="settings-form">
        {passwordSet && (
          <Field
            label={t('backups.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={errors.current_password?.message}
            {...form.register('current_password')}
          />
        )}
        <Field
          label={t(passwordSet ? 'backups.newPassword' : 'backups.passwordLabel')}
          type="password"
          autoComplete="new-password"
          help={t('backups.passwordHelp')}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Field
          label={t('backups.passwordConfirmation')}
          type="password"
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...form.register('confirmation')}
        />
        <FormError message={errors.root?.server?.message} />
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {t(passwordSet ? 'backups.changePassword' : 'backups.setPassword')}
        </button>
      </form>
    </SettingsSection>
  );
}
