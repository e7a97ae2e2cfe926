import { nativeSettings, type NativeSettings } from '@twofold/otp/browser';
import { useTranslation } from 'react-i18next';
import type { SettingValue } from '../../entities/settings/settings.api';
import { SelectSetting, SettingsSection, SwitchSetting } from '../../ui/setting-controls';

interface CodesSectionProps {
  readonly values: NativeSettings;
  readonly set: (key: string) => (value: SettingValue) => void;
}

type CodeSwitch =
  | 'getOtpOnRequest'
  | 'showNextOtp'
  | 'showOtpAsDot'
  | 'revealDottedOTP'
  | 'closeOtpOnCopy'
  | 'copyOtpOnDisplay'
  | 'clearSearchOnCopy'
  | 'viewDefaultGroupOnCopy'
  | 'sortCaseSensitive';

/** How codes show and what a copy does: the settings 2FAuth's clients share. */
export function CodesSection({ values, set }: CodesSectionProps) {
  const { t, i18n } = useTranslation('settings');
  // "2 minutes" in the reader's language, plural rules included.
  const minutes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'long',
  });
  const days = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  const switches: readonly (readonly [key: CodeSwitch, disabled?: boolean])[] = [
    ['getOtpOnRequest'],
    ['showNextOtp', values.getOtpOnRequest],
    ['showOtpAsDot'],
    ['revealDottedOTP', !values.showOtpAsDot],
    ['closeOtpOnCopy'],
    ['copyOtpOnDisplay'],
    ['clearSearchOnCopy'],
    ['viewDefaultGroupOnCopy'],
    ['sortCaseSensitive'],
  ];
  return (
    <SettingsSection title={t('options.codes')}>
      {switches.map(([key, disabled]) => (
        <SwitchSetting
          key={key}
          label={t(`options.${key}.label`)}
          help={t(`options.${key}.help`)}
          checked={values[key]}
          disabled={disabled}
          onChange={set(key)}
        />
      ))}
      <SelectSetting
        label={t('options.autoCloseTimeout.label')}
        help={t('options.autoCloseTimeout.help')}
        value={values.autoCloseTimeout}
        options={nativeSettings.autoCloseTimeout.allowed.map((delay) => ({
          value: delay,
          label: delay === 0 ? t('options.autoCloseTimeout.never') : minutes.format(delay),
        }))}
        disabled={!values.getOtpOnRequest}
        onChange={set('autoCloseTimeout')}
      />
      <SelectSetting
        label={t('options.usageDays.label')}
        help={t('options.usageDays.help')}
        value={values.usageDays}
        options={nativeSettings.usageDays.allowed.map((count) => ({
          value: count,
          label: days.format(count),
        }))}
        onChange={set('usageDays')}
      />
    </SettingsSection>
  );
}
