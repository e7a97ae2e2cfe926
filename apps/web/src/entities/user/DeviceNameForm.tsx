import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { renameDevice } from './devices.api';

/**
 * Names a security device (after registering or recovering one, and from the devices list):
 * placeholder examples phone, fingerprint reader, hardware key.
 */
export function DeviceNameForm({
  credentialId,
  initialName = '',
  submitLabel,
  onSaved,
  onCancel,
}: {
  readonly credentialId: string;
  readonly initialName?: string;
  readonly submitLabel: string;
  readonly onSaved: (name: string) => Promise<void> | void;
  readonly onCancel?: () => void;
}) {
  const { t } = useTranslation('auth');
  const form = useForm<{ name: string }>({ defaultValues: { name: initialName } });
  const { errors, isSubmitting } = form.formState;
  const mutation = useMutation({
    mutationFn: (name: string) => renameDevice(credentialId, name),
  });

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await mutation.mutateAsync(name);
      await onSaved(name);
    } catch (error) {
      applyServerErrors(error, form.setError, ['name']);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Field
        label={t('device.nameLabel')}
        placeholder={t('device.namePlaceholder')}
        autoComplete="off"
        required
        autoFocus
        error={errors.name?.message}
        {...form.register('name')}
      />
      <FormError message={errors.root?.server?.message} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('common:actions.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
