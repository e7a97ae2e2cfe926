import * as ToggleGroup from '@radix-ui/react-toggle-group';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { BodyOf } from '@twofold/contract';
import { plainTextToBase32 } from '@twofold/otp/browser';
import { useRef, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, isApiError, unwrap } from '../../api/client';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { applyServerErrors, Field, FormError } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { refreshAccounts, type Account, type Otp } from '../accounts/accounts.api';
import { useAccountSettings } from '../accounts/settings';
import { classifyScan, useQrUpload } from '../start/scanned';
import { IconField } from './IconField';
import { useIconState } from './icons';
import { InvalidUriModal, TestModal } from './Modals';
import { HiddenFileInput } from '../../ui/HiddenFileInput';

type CreateBody = BodyOf<'/api/v1/twofaccounts', 'post'>;
type ParamsBody = Exclude<CreateBody, { uri: string }>;
type UpdateBody = BodyOf<'/api/v1/twofaccounts/{id}', 'put'>;
type OtpType = ParamsBody['otp_type'];
type Algorithm = NonNullable<ParamsBody['algorithm']>;

const OTP_TYPES: readonly { value: OtpType; label: string }[] = [
  { value: 'totp', label: 'TOTP' },
  { value: 'hotp', label: 'HOTP' },
  { value: 'steamtotp', label: 'STEAM' },
];
const ALGORITHMS: readonly Algorithm[] = ['sha1', 'sha256', 'sha512', 'md5'];
const DIGITS = [6, 7, 8, 9, 10];
const FIELDS = [
  'service',
  'account',
  'otp_type',
  'secret',
  'digits',
  'algorithm',
  'period',
  'counter',
] as const;

export interface FormValues {
  service: string;
  account: string;
  otp_type: OtpType;
  secret: string;
  secretFormat: 'base32' | 'plain';
  digits: string;
  algorithm: Algorithm;
  period: string;
  counter: string;
}

const asOtpType = (value: string): OtpType => OTP_TYPES.find((type) => type.value === value)?.value ?? 'totp';
const asAlgorithm = (value: string): Algorithm => ALGORITHMS.find((a) => a === value) ?? 'sha1';

/** The fields a form is filled from: a stored account, a preview or an import row. */
type AccountFields = Pick<
  Account,
  'service' | 'account' | 'otp_type' | 'secret' | 'digits' | 'algorithm' | 'period' | 'counter'
>;

export function valuesOf(account: AccountFields): FormValues {
  return {
    service: account.service ?? '',
    account: account.account,
    otp_type: asOtpType(account.otp_type),
    secret: account.secret ?? '',
    secretFormat: 'base32',
    digits: String(account.digits),
    algorithm: asAlgorithm(account.algorithm),
    period: account.period === null ? '' : String(account.period),
    counter: account.counter === null ? '' : String(account.counter),
  };
}

const EMPTY: FormValues = {
  service: '',
  account: '',
  otp_type: 'totp',
  secret: '',
  secretFormat: 'base32',
  digits: '6',
  algorithm: 'sha1',
  period: '',
  counter: '',
};

/** Base32 after the server's normalisation: A-Z, 2-7 and trailing '=' only (api.md §0.1 #16). */
export function isBase32(value: string): boolean {
  return /^[A-Z2-7]+=*$/.test(value.replace(/[\s-]/g, '').toUpperCase());
}

const optionalInteger = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** The params form of the API (api.md §5.0); a plain-text secret is Base32-encoded first. */
export function toParams(values: FormValues, icon: string | null): UpdateBody {
  const secret = values.secretFormat === 'plain' ? plainTextToBase32(values.secret) : values.secret.trim();
  const base = {
    service: values.service.trim() || null,
    account: values.account.trim(),
    icon,
    otp_type: values.otp_type,
    secret,
    digits: Number(values.digits),
    algorithm: values.algorithm,
  };
  if (values.otp_type === 'steamtotp') return { ...base, service: 'Steam', digits: 5, algorithm: 'sha1' };
  if (values.otp_type === 'hotp') return { ...base, counter: optionalInteger(values.counter) };
  return { ...base, period: optionalInteger(values.period) };
}

function previewUri(uri: string) {
  return unwrap(api.POST('/api/v1/twofaccounts/preview', { body: { uri } }));
}

/** A test code from the form's values; a 422 goes back to the form's fields. */
function testOtp(body: UpdateBody, setError: UseFormSetError<FormValues>, close: () => void): Promise<Otp> {
  const { icon: _icon, group_id: _group, ...params } = body;
  return unwrap(api.POST('/api/v1/twofaccounts/otp', { body: params })).catch((error: unknown) => {
    if (applyServerErrors(error, setError, FIELDS)) close();
    throw error;
  });
}

interface AccountFormProps {
  /** The stored account in edit mode; absent on creation. */
  readonly account?: Account;
}

/** The advanced form (product.md §2, create account and edit account). */
export function AccountForm({ account }: AccountFormProps) {
  const { t } = useTranslation('accountForm');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { settings } = useAccountSettings();
  const editing = account !== undefined;
  const form = useForm<FormValues>({ defaultValues: account ? valuesOf(account) : EMPTY });
  const { errors, isSubmitting } = form.formState;
  const icon = useIconState(account?.icon ?? null);
  const [secretLocked, setSecretLocked] = useState(editing);
  const [counterLocked, setCounterLocked] = useState(editing);
  const [testing, setTesting] = useState(0);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [invalidUri, setInvalidUri] = useState<string | null>(null);
  const uri = useRef<string | null>(null);

  const otpType = form.watch('otp_type');
  const service = form.watch('service');
  const secret = form.watch('secret');
  const secretFormat = form.watch('secretFormat');
  const digits = form.watch('digits');
  const steam = otpType === 'steamtotp';

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

  const preview = useMutation({
    mutationFn: previewUri,
    meta: { handles: [422] },
    onSuccess: (result) => {
      const { icon: previewIcon, ...fields } = result;
      form.reset(valuesOf(fields));
      icon.setTemporary(previewIcon);
    },
    onError: (error, scanned) => {
      if (!isApiError(error, 422)) return;
      if (error.fieldErrors.uri) setInvalidUri(scanned);
      else notify('warning', error.message);
    },
  });

  const upload = useQrUpload((data) => {
    const outcome = classifyScan(data);
    if (outcome.kind === 'otpauth') preview.mutate(outcome.uri);
    else if (outcome.kind === 'migration')
      void navigate({ to: '/account/import', search: { migrationUri: outcome.uri } });
    else if (outcome.kind === 'empty') notify('warning', t('scan.unreadable'));
    else setInvalidUri(data);
  });
  const qrInput = useRef<HTMLInputElement>(null);

  const submit = form.handleSubmit(async (values) => {
    const body = toParams(values, icon.icon);
    try {
      if (account) {
        await unwrap(api.PUT('/api/v1/twofaccounts/{id}', { params: { path: { id: account.id } }, body }));
      } else {
        await unwrap(api.POST('/api/v1/twofaccounts', { body }));
      }
      icon.markSaved();
      await refreshAccounts(queryClient);
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
    if (otp.counter !== undefined) form.setValue('counter', String(otp.counter));
    // The edit form keeps the account's uri in step with the advanced counter (product.md §4).
    if (editing && otp.uri) uri.current = otp.uri;
  };

  const digitChoices = DIGITS.includes(Number(digits)) ? DIGITS : [Number(digits), ...DIGITS];
  const secretRules = {
    validate: (value: string) => {
      if (value.trim() === '') return t('errors.secretRequired');
      if (form.getValues('secretFormat') === 'base32' && !isBase32(value)) return t('errors.base32');
      return true;
    },
  };
  const integerRule = (min: number) => ({
    validate: (value: string) =>
      value.trim() === '' ||
      (/^\d+$/.test(value.trim()) && Number(value) >= min) ||
      t('errors.atLeast', { min }),
  });

  return (
    <section className="page narrow account-form" aria-labelledby="account-form-title">
      <h1 id="account-form-title">{editing ? t('title.edit') : t('title.create')}</h1>
      {!editing && (
        <div className="form-prefill">
          <button
            type="button"
            className="button"
            disabled={upload.isPending || preview.isPending}
            onClick={() => qrInput.current?.click()}
          >
            {t('prefill')}
          </button>
          <HiddenFileInput ref={qrInput} accept="image/*" onFile={(file) => upload.mutate(file)} />
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <span className="field-label" id="otp-type-label">
            {t('fields.otpType')}
          </span>
          <ToggleGroup.Root
            type="single"
            className="segmented"
            value={otpType}
            onValueChange={(value) => changeType(value as OtpType)}
            aria-labelledby="otp-type-label"
            disabled={editing}
          >
            {OTP_TYPES.map((type) => (
              <ToggleGroup.Item key={type.value} value={type.value} className="segment">
                {type.label}
              </ToggleGroup.Item>
            ))}
          </ToggleGroup.Root>
        </div>
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
        <div className="field-with-addon">
          <Field
            label={t('fields.secret')}
            autoComplete="off"
            spellCheck={false}
            readOnly={secretLocked}
            error={errors.secret?.message}
            {...form.register('secret', secretRules)}
          />
          {secretLocked ? (
            <button
              type="button"
              className="icon-button lock-button"
              onClick={() => setSecretLocked(false)}
              aria-label={t('unlockSecret')}
            >
              <LockGlyph />
            </button>
          ) : (
            !steam && (
              <label className="secret-format">
                <span className="visually-hidden">{t('fields.secretFormat')}</span>
                <select
                  className="input"
                  {...form.register('secretFormat')}
                  aria-label={t('fields.secretFormat')}
                >
                  <option value="base32">{t('format.base32')}</option>
                  <option value="plain">{t('format.plain')}</option>
                </select>
              </label>
            )
          )}
        </div>
        {!steam && (
          <fieldset className="options">
            <legend>{t('options')}</legend>
            <div className="options-grid">
              <div className="field">
                <label htmlFor="digits">{t('fields.digits')}</label>
                <select id="digits" className="input" {...form.register('digits')}>
                  {digitChoices.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="algorithm">{t('fields.algorithm')}</label>
                <select id="algorithm" className="input" {...form.register('algorithm')}>
                  {ALGORITHMS.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </select>
              </div>
              {otpType === 'totp' && (
                <Field
                  label={t('fields.period')}
                  inputMode="numeric"
                  placeholder="30"
                  error={errors.period?.message}
                  help={t('help.period')}
                  {...form.register('period', integerRule(1))}
                />
              )}
              {otpType === 'hotp' && (
                <div className="field-with-addon">
                  <Field
                    label={t('fields.counter')}
                    inputMode="numeric"
                    placeholder="0"
                    readOnly={counterLocked}
                    error={errors.counter?.message}
                    {...form.register('counter', integerRule(0))}
                  />
                  {counterLocked && (
                    <button
                      type="button"
                      className="icon-button lock-button"
                      onClick={() => setCounterLocked(false)}
                      aria-label={t('unlockCounter')}
                    >
                      <LockGlyph />
                    </button>
                  )}
                </div>
              )}
            </div>
          </fieldset>
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
        testKey={[testing, secretFormat]}
        fetchOtp={() => testOtp(toParams(form.getValues(), null), form.setError, () => setTesting(0))}
        onHotp={onHotp}
      />
      <InvalidUriModal content={invalidUri} onClose={() => setInvalidUri(null)} />
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

export function LockGlyph() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
