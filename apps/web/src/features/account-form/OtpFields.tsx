import * as ToggleGroup from '@radix-ui/react-toggle-group';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/forms';
import { LockGlyph } from '../../ui/LockGlyph';
import {
  ALGORITHMS,
  DIGITS,
  OTP_TYPE_CHOICES,
  type FormValues,
  type OtpType,
} from '../../entities/account/form-values';

export function OtpTypeField(props: {
  readonly value: OtpType;
  readonly disabled: boolean;
  readonly onChange: (next: OtpType) => void;
}) {
  const { t } = useTranslation('accountForm');
  return (
    <div className="field">
      <span className="field-label" id="otp-type-label">
        {t('fields.otpType')}
      </span>
      <ToggleGroup.Root
        type="single"
        className="segmented"
        value={props.value}
        onValueChange={(value) => props.onChange(value as OtpType)}
        aria-labelledby="otp-type-label"
        disabled={props.disabled}
      >
        {OTP_TYPE_CHOICES.map((type) => (
          <ToggleGroup.Item key={type.value} value={type.value} className="segment">
            {type.label}
          </ToggleGroup.Item>
        ))}
      </ToggleGroup.Root>
    </div>
  );
}

/** The secret, locked in edit mode until unlocked; Base32 or plain text (not for Steam). */
export function SecretField(props: {
  readonly form: UseFormReturn<FormValues>;
  readonly locked: boolean;
  readonly onUnlock: () => void;
  readonly steam: boolean;
  readonly validate: (value: string) => string | true;
}) {
  const { form, locked, steam } = props;
  const { t } = useTranslation('accountForm');
  return (
    <div className="field-with-addon">
      <Field
        label={t('fields.secret')}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        readOnly={locked}
        error={form.formState.errors.secret?.message}
        {...form.register('secret', { validate: props.validate })}
      />
      {locked ? (
        <button
          type="button"
          className="icon-button lock-button"
          onClick={props.onUnlock}
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
  );
}

/** Digits, algorithm, and the period (TOTP) or the counter (HOTP, locked in edit mode). */
export function OtpOptions(props: {
  readonly form: UseFormReturn<FormValues>;
  readonly otpType: OtpType;
  readonly digits: string;
  readonly counterLocked: boolean;
  readonly onUnlockCounter: () => void;
}) {
  const { form, otpType, counterLocked } = props;
  const { errors } = form.formState;
  const { t } = useTranslation('accountForm');
  const digitChoices = DIGITS.includes(Number(props.digits)) ? DIGITS : [Number(props.digits), ...DIGITS];
  const integerRule = (min: number) => ({
    validate: (value: string) =>
      value.trim() === '' ||
      (/^\d+$/.test(value.trim()) && Number(value) >= min) ||
      t('errors.atLeast', { min }),
  });
  return (
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
                onClick={props.onUnlockCounter}
                aria-label={t('unlockCounter')}
              >
                <LockGlyph />
              </button>
            )}
          </div>
        )}
      </div>
    </fieldset>
  );
}
