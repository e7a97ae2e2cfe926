import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appConfigQuery } from '../../entities/server/server.api';
import { groupsQuery } from '../../entities/group/group.api';
import { settingsQuery, type SettingValue } from '../../entities/settings/settings.api';
import type { NativeSettings } from '@twofold/otp/browser';
import { KICK_USER_AFTER_CHOICES, readSettings, settingsRecord } from '../../entities/settings/preferences';
import { LOCALE_NAMES, LOCALES } from '../../i18n/i18n';
import { SelectSetting, SettingsSection, SwitchSetting } from '../../ui/setting-controls';
import { CodesSection } from './CodesSection';
import { useSaveSetting } from './save-setting';
import { locksOnCopy } from '../../lib/lock-on-copy';

/** Options: general, security and data input sections; every change is saved at once. */
export function OptionsScreen() {
  const { t } = useTranslation('settings');
  const { data: list } = useSuspenseQuery(settingsQuery);
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const { data: groups } = useQuery(groupsQuery);
  const save = useSaveSetting();

  const record = settingsRecord(list);
  // The value being saved shows at once; the server's answer then replaces it (or the old one returns).
  if (save.isPending) record[save.variables.key] = save.variables.value;
  const set = (key: string) => (value: SettingValue) => save.mutate({ key, value });
  const values = readSettings(record);

  const languages = [
    { value: 'browser', label: t('options.lang.browser') },
    ...LOCALES.filter((locale) => config.locales.includes(locale)).map((locale) => ({
      value: locale,
      label: LOCALE_NAMES[locale],
    })),
  ];
  const groupOptions = [
    { value: 0, label: t('options.defaultGroup.none') },
    { value: -1, label: t('options.defaultGroup.active') },
    ...(groups ?? [])
      .filter((group) => group.id > 0)
      .map((group) => ({ value: group.id, label: group.name })),
  ];

  return (
    <div className="settings-page">
      <SettingsSection title={t('options.general')}>
        <SelectSetting
          label={t('options.lang.label')}
          help={t('options.lang.help')}
          value={values.lang}
          options={languages}
          onChange={set('lang')}
        />
        <SelectSetting
          label={t('options.displayMode.label')}
          help={t('options.displayMode.help')}
          value={values.displayMode}
          options={[
            { value: 'list', label: t('options.displayMode.list') },
            { value: 'grid', label: t('options.displayMode.grid') },
          ]}
          onChange={set('displayMode')}
        />
        <SelectSetting
          label={t('options.theme.label')}
          help={t('options.theme.help')}
          value={values.theme}
          options={(['system', 'light', 'dark'] as const).map((theme) => ({
            value: theme,
            label: t(`options.theme.${theme}`),
          }))}
          onChange={set('theme')}
        />
        <SwitchSetting
          label={t('options.showAccountsIcons.label')}
          help={t('options.showAccountsIcons.help')}
          checked={values.showAccountsIcons}
          onChange={set('showAccountsIcons')}
        />
        <SwitchSetting
          label={t('options.getOfficialIcons.label')}
          help={t('options.getOfficialIcons.help')}
          checked={values.getOfficialIcons}
          onChange={set('getOfficialIcons')}
        />
        <SwitchSetting
          label={t('options.showGroupChips.label')}
          help={t('options.showGroupChips.help')}
          checked={values.showGroupChips}
          onChange={set('showGroupChips')}
        />
        <SwitchSetting
          label={t('options.rememberActiveGroup.label')}
          help={t('options.rememberActiveGroup.help')}
          checked={values.rememberActiveGroup}
          onChange={set('rememberActiveGroup')}
        />
        <SwitchSetting
          label={t('options.showEmailInFooter.label')}
          help={t('options.showEmailInFooter.help')}
          checked={values.showEmailInFooter}
          onChange={set('showEmailInFooter')}
        />
        <SelectSetting
          label={t('options.defaultGroup.label')}
          help={t('options.defaultGroup.help')}
          value={values.defaultGroup}
          options={groupOptions}
          onChange={set('defaultGroup')}
        />
      </SettingsSection>

      <CodesSection values={values} set={set} />
      <SecuritySection values={values} set={set} demo={config.isDemoApp || config.isTestingApp} />
      <DataInputSection values={values} set={set} />
    </div>
  );
}

/** The settings as the screen shows them, and the saver of one of them. */
interface SectionProps {
  readonly values: NativeSettings;
  readonly set: (key: string) => (value: SettingValue) => void;
}

/** The retention choices offered, and the stored value if another client set another one. */
const RETENTION_CHOICES = [0, 7, 14, 30, 60, 90, 180, 365];
const retentionChoices = (current: number) =>
  RETENTION_CHOICES.includes(current)
    ? RETENTION_CHOICES
    : [...RETENTION_CHOICES, current].sort((a, b) => a - b);

function SecuritySection({ values, set, demo }: SectionProps & { readonly demo: boolean }) {
  const { t, i18n } = useTranslation('settings');
  // "30 days" in the reader's language, plural rules included.
  const dayCount = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'day', unitDisplay: 'long' });
  const kickChoices = KICK_USER_AFTER_CHOICES.map((minutes) => ({
    value: minutes,
    label: t(`options.kickUserAfter.choices.${locksOnCopy(minutes) ? 'onCopy' : String(minutes)}`),
  }));
  return (
    <SettingsSection title={t('options.security')}>
      <SelectSetting
        label={t('options.kickUserAfter.label')}
        help={t('options.kickUserAfter.help')}
        value={values.kickUserAfter}
        options={kickChoices}
        onChange={set('kickUserAfter')}
      />
      <SelectSetting
        label={t('options.trashRetentionDays.label')}
        help={t('options.trashRetentionDays.help')}
        value={values.trashRetentionDays}
        options={retentionChoices(values.trashRetentionDays).map((days) => ({
          value: days,
          label: days === 0 ? t('options.trashRetentionDays.off') : dayCount.format(days),
        }))}
        onChange={set('trashRetentionDays')}
      />
      <SwitchSetting
        label={t('options.useEncryption.label')}
        help={t('options.useEncryption.help')}
        checked={values.useEncryption}
        disabled={demo}
        onChange={set('useEncryption')}
      />
    </SettingsSection>
  );
}

function DataInputSection({ values, set }: SectionProps) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('options.dataInput')}>
      <SwitchSetting
        label={t('options.useDirectCapture.label')}
        help={t('options.useDirectCapture.help')}
        checked={values.useDirectCapture}
        onChange={set('useDirectCapture')}
      />
      <SelectSetting
        label={t('options.defaultCaptureMode.label')}
        help={t('options.defaultCaptureMode.help')}
        value={values.defaultCaptureMode}
        options={[
          { value: 'livescan', label: t('options.defaultCaptureMode.livescan') },
          { value: 'upload', label: t('options.defaultCaptureMode.upload') },
          { value: 'advancedForm', label: t('options.defaultCaptureMode.advancedForm') },
        ]}
        disabled={!values.useDirectCapture}
        onChange={set('defaultCaptureMode')}
      />
      <SwitchSetting
        label={t('options.AutoSaveQrcodedAccount.label')}
        help={t('options.AutoSaveQrcodedAccount.help')}
        checked={values.AutoSaveQrcodedAccount}
        onChange={set('AutoSaveQrcodedAccount')}
      />
      <SwitchSetting
        label={t('options.useBasicQrcodeReader.label')}
        help={t('options.useBasicQrcodeReader.help')}
        checked={values.useBasicQrcodeReader}
        onChange={set('useBasicQrcodeReader')}
      />
    </SettingsSection>
  );
}
