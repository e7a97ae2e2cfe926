import './account-extras.css';
import { useNavigate } from '@tanstack/react-router';
import { isSteam } from '@twofold/otp/browser';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { useCreateAccount, useUpdateAccount } from '../../entities/account/account.mutations';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import {
  EMPTY_VALUES,
  FIELDS,
  isBase32,
  toParams,
  valuesOf,
  type FormValues,
} from '../../entities/account/form-values';
import { defaultGroupOf, GroupField } from './GroupField';
import { IconField } from './IconField';
import { useIconState } from './icons';
import { TestAction } from './TestAction';
import { OtpOptions, OtpTypeField, SecretField } from './OtpFields';
import { QrPrefill } from './QrPrefill';
import { DuplicateWarning, useDuplicateCheck } from './DuplicateWarning';
import { useTypeChange } from './use-type-change';
import { useAccountExtras } from './use-account-extras';
import { TagsField } from './TagsField';
import { WebsitesField } from './WebsitesField';
import { FavoriteToggle } from './FavoriteToggle';
import { RevealedExtrasFields } from './RevealedExtrasFields';

/** The secret's check: required, and Base32 unless given as plain text. */
function secretError(value: string, format: FormValues['secretFormat'], t: TFunction<'accountForm'>) {
  if (value.trim() === '') return t('errors.secretRequired');
  if (format === 'base32' && !isBase32(value)) return t('errors.base32');
  return true;
}

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
  const form = useForm<FormValues>({
    defaultValues: account
      ? { ...valuesOf(account), group: String(account.group_id ?? 0) }
      : { ...EMPTY_VALUES, group: String(defaultGroupOf(settings)) },
  });
  const { errors, isSubmitting } = form.formState;
  const icon = useIconState(account?.icon ?? null);
  const create = useCreateAccount();
  const update = useUpdateAccount(account?.id ?? 0);
  const [secretLocked, setSecretLocked] = useState(editing);
  const [counterLocked, setCounterLocked] = useState(editing);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const duplicates = useDuplicateCheck();
  const extras = useAccountExtras(account);
  // The form re-renders on these (the test uses the current secret format through them too).
  const [otpType, service, secret, , digits] = useWatch({
    control: form.control,
    name: ['otp_type', 'service', 'secret', 'secretFormat', 'digits'],
  });
  const steam = isSteam(otpType, null);

  const changeType = useTypeChange(form, icon, { editing, officialIcons: settings.getOfficialIcons });

  const submitWith = (duplicateAccepted: boolean) =>
    form.handleSubmit(async (values) => {
      const params = toParams(values, icon.icon);
      try {
        const body = { ...params, ...extras.body() };
        if (await duplicates.isDuplicate(params, !account && !duplicateAccepted)) return;
        if (account) await update.mutateAsync(body);
        else await create.mutateAsync(body);
        icon.markSaved();
        await navigate({ to: '/accounts', search: { toRefresh: true } });
      } catch (error) {
        const websitesRefused = extras.refuseWebsites(error);
        if (!applyServerErrors(error, form.setError, FIELDS) && !websitesRefused && error instanceof Error)
          form.setError('root.server', { type: 'server', message: t('errors.generic') });
      }
    });

  const leave = () => void navigate({ to: '/accounts' });
  const cancel = () =>
    !editing && form.getValues('service').trim() !== '' ? setConfirmCancel(true) : leave();

  const validateSecret = (value: string) => secretError(value, form.getValues('secretFormat'), t);

  return (
    <section className="page narrow account-form" aria-labelledby="account-form-title">
      <h1 id="account-form-title">{editing ? t('title.edit') : t('title.create')}</h1>
      {!editing && <QrPrefill form={form} icon={icon} />}
      <form onSubmit={(event) => void submitWith(false)(event)} noValidate>
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
        <GroupField form={form} defaultGroup={editing ? undefined : defaultGroupOf(settings)} />
        <TagsField tags={extras.tags} onChange={extras.setTags} />
        <WebsitesField {...extras.websitesField} service={service} />
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
        <FavoriteToggle favorite={extras.favorite} onChange={extras.setFavorite} />
        <RevealedExtrasFields {...extras.revealedField} />
        <FormError message={errors.root?.server?.message} />
        <DuplicateWarning matches={duplicates.matches} onAddAnyway={() => void submitWith(true)()} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={isSubmitting}>
            {editing ? t('actions.save') : t('actions.create')}
          </button>
          <TestAction form={form} shown={Boolean(otpType) && secret.trim() !== ''} />
          <button type="button" className="button" onClick={cancel}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
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
