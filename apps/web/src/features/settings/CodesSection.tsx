import { useTranslation } from 'react-i18next';
import { readBoolean } from '../../app/preferences';
import type { SettingValue } from '../../entities/settings/settings.api';
import { SettingsSection, SwitchSetting } from './controls';

interface CodesSectionProps {
  readonly record: Record<string, unknown>;
  readonly set: (key: string) => (value: SettingValue) => void;
}

/** How codes show and what a copy does: the settings 2FAuth's clients share. */
export function CodesSection({ record, set }: CodesSectionProps) {
  const { t } = useTranslation('settings');
  const bool = (key: string, fallback: boolean) => readBoolean(record, key, fallback);
  const switches: readonly (readonly [key: string, fallback: boolean, disabled?: boolean])[] = [
    ['getOtpOnRequest', true],
    ['showNextOtp', true, bool('getOtpOnRequest', true)],
    ['showOtpAsDot', false],
    ['revealDottedOTP', false, !bool('showOtpAsDot', false)],
    ['closeOtpOnCopy', false],
    ['copyOtpOnDisplay', false],
    ['clearSearchOnCopy', false],
    ['viewDefaultGroupOnCopy', false],
    ['sortCaseSensitive', false],
  ];
  return (
    <SettingsSection title={t('options.codes')}>
      {switches.map(([key, fallback, disabled]) => (
        <SwitchSetting
          key={key}
          label={t(`options.${key}.label`)}
          help={t(`options.${key}.help`)}
          checked={bool(key, fallback)}
          disabled={disabled}
          onChange={set(key)}
        />
      ))}
    </SettingsSection>
  );
}
