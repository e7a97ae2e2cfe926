import { useNavigate } from '@tanstack/react-router';
import { isSteam } from '@twofold/otp/browser';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Account, Otp } from '../../entities/account/account.api';
import { useCreateAccount, useUpdateAccount } from '../../entities/account/account.mutations';
import { paramsOtpQuery } from '../../entities/account/otp';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { HiddenFileInput } from '../../ui/HiddenFileInput';
import {
  EMPTY_VALUES,
  FIELDS,
  isBase32,
  toParams,
  valuesOf,
  type FormValues,
  type OtpType,
} from './form-values';
import { IconField } from './IconField';
import { useIconState } from './icons';
import { InvalidUriModal, TestModal } from './Modals';
import { OtpOptions, OtpTypeField, SecretField } from './OtpFields';
import { useQrPrefill } from './use-qr-prefill';

interface AccountFormProps {
  /** The stored account in edit mode; absent on creation. */
  readonly account?: Account;
}

/** The advanced form: create an account from its parameters, or edit a stored one. */
export function AccountForm({ account }: AccountFormProps) {
  const { t } = useTranslation('accountForm');
  const navigate = useNavigate();
  const { settings } = useAccountSettings();
  const editing = account !== undefined;
  const form = useForm<FormValues>({ defaultValues: account ? valuesOf(account) : EMPTY_VALUES });
  const { errors, isSubmitting } = form.formState;
  const icon = useIconState(account?.icon ?? null);
  const prefill = useQrPrefill(form, icon);
  const create = useCreateAccount();
  const update = useUpdateAccount(account?.id ?? 0);
  const [secretLocked, setSecretLocked] = useState(editing);
  const [counterLocked, setCounterLocked] = useState(editing);
  const [testing, setTesting] = useState(0);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const qrInput = useRef<HTMLInputElement>(null);

  const [otpType, service, secret, secretFormat, digits] = useWatch({
    control: form.control,
    name: ['otp_type', 'service', 'secret', 'secretFormat', 'digits'],
  });
  const steam = isSteam(otpType, null);

  // Steam has a fixed service (and its logo); leaving Steam clears them.
  const changeType = (next: OtpType) => {
    const previous = form.getValues('otp_type');
    if (!next || next === previous || editing) return;
    form.setValue('otp_type', next);
    if (next === 'steamtotp') {
      form.setValue('secretFormat', 'base32');
      form.setValue('service', 'Steam');
      form.setValue('secret', '');
      if (settings.getOfficialIcons) icon.fetchLogo.mutate('Steam');
    } else if (previous === 'steamtotp') {
      form.setValue('service', '');
      icon.remove();
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const body = toParams(values, icon.icon);
    try {
      if (account) await update.mutateAsync(body);
      else await create.mutateAsync(body);
      icon.markSaved();
      await navigate({ to: '/accounts', search: { toRefresh: true } });
    } catch (error) {
      if (!applyServerErrors(error, form.setError, FIELDS) && error instanceof Error) {
        form.setError('root.server', { type: 'server', message: t('errors.generic') });
      }
    }
  });

  const leave = () => void navigate({ to: '/accounts' });
  const cancel = () => {
    if (!editing && form.getValues('service').trim() !== '') setConfirmCancel(true);
    else leave();
  };

  const openTest = async () => {
    const valid = await form.trigger(['secret', 'digits', 'period', 'counter']);
    if (valid) setTesting((count) => count + 1);
  };
  const onHotp = (otp: Otp) => {
    // The test advanced the counter: the form shows the next one.
    if (otp.counter !== undefined) form.setValue('counter', String(otp.counter));
  };
  // A refused test shows its reasons under the fields, where they can be fixed.
  const onTestError = (error: Error) => {
    if (applyServerErrors(error, form.setError, FIELDS)) setTesting(0);
  };
  const validateSecret = (value: string) => {
    if (value.trim() === '') return t('errors.secretRequired');
    if (form.getValues('secretFormat') === 'base32' && !isBase32(value)) return t('errors.base32');
    return true;
  };

  return (
    <section className="page narrow account-form" aria-labelledby="account-form-title">
      <h1 id="account-form-title">{editing ? t('title.edit') : t('title.create')}</h1>
      {!editing && (
        <div className="form-prefill">
          <button
            type="button"
            className="button"
            disabled={prefill.busy}
            onClick={() => qrInput.current?.click()}
          >
            {t('prefill')}
          </button>
          <HiddenFileInput ref={qrInput} accept="image/*" onFile={prefill.upload} />
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <OtpTypeField value={otpType} disabled={editing} onChange={changeType} />
        <Field
          label={t('fields.service')}
          autoComplete="off"
          disabled={steam}
          error={errors.service?.message}
          {...form.register('service')}
        />
        <Field
          label={t('fields.account')}
          autoComplete="off"
          required
          error={errors.account?.message}
          {...form.register('account', { validate: (v) => v.trim() !== '' || t('errors.accountRequired') })}
        />
        <IconField
          state={icon}
          lucky={settings.getOfficialIcons ? { service, minLength: editing ? 3 : 1 } : undefined}
        />
        <SecretField
          form={form}
          locked={secretLocked}
          onUnlock={() => setSecretLocked(false)}
          steam={steam}
          validate={validateSecret}
        />
        {!steam && (
          <OtpOptions
            form={form}
            otpType={otpType}
            digits={digits}
            counterLocked={counterLocked}
            onUnlockCounter={() => setCounterLocked(false)}
          />
        )}
        <FormError message={errors.root?.server?.message} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {editing ? t('actions.save') : t('actions.create')}
          </button>
          {otpType && secret.trim() !== '' && (
            <button type="button" className="button" onClick={() => void openTest()}>
              {t('actions.test')}
            </button>
          )}
          <button type="button" className="button" onClick={cancel}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
      <TestModal
        open={testing > 0}
        onClose={() => setTesting(0)}
        title={service}
        subtitle={form.getValues('account')}
        query={paramsOtpQuery([testing, secretFormat], toParams(form.getValues(), null))}
        onHotp={onHotp}
        onError={onTestError}
      />
      <InvalidUriModal content={prefill.invalidUri} onClose={prefill.closeInvalidUri} />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t('confirmCancel')}
        confirmLabel={t('actions.discard')}
        danger
        onConfirm={leave}
      />
    </section>
  );
}
