import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadBreakGlass } from '../../../entities/backup/backup.api';
import { ConfirmIdentity } from '../../../entities/user/ConfirmIdentity';
import { needsConfirmation } from '../../../entities/user/confirm-identity.api';
import { saveFile } from '../../../ui/save-file';
import { SettingsSection, SwitchSetting } from '../../../ui/setting-controls';

/**
 * Settings, Backups, the break-glass file: written with each backup when the switch is on, or
 * downloaded now (after the identity confirmation the notes ask for: it holds them).
 */
export function BreakGlassSection({
  passwordSet,
  enabled,
  saving,
  onToggle,
}: {
  readonly passwordSet: boolean;
  readonly enabled: boolean;
  readonly saving: boolean;
  readonly onToggle: (enabled: boolean) => void;
}) {
  const { t } = useTranslation('settings');
  const download = useMutation({
    mutationFn: async () => saveFile('twofold-break-glass.html', await downloadBreakGlass(), 'text/html'),
    // The confirmation is asked for here, as the export dialog asks.
    meta: { handles: [403] },
  });
  return (
    <SettingsSection title={t('backups.breakGlass.title')}>
      <p className="field-help">{t('backups.breakGlass.lead')}</p>
      <SwitchSetting
        label={t('backups.breakGlass.withEachBackup')}
        help={t('backups.breakGlass.withEachBackupHelp')}
        checked={enabled}
        disabled={saving}
        onChange={onToggle}
      />
      <div className="list-actions">
        <button
          type="button"
          className="button"
          disabled={!passwordSet || download.isPending}
          aria-describedby={passwordSet ? undefined : 'break-glass-help'}
          onClick={() => download.mutate()}
        >
          {t('backups.breakGlass.download')}
        </button>
        {!passwordSet && (
          <p id="break-glass-help" className="field-help">
            {t('backups.needsPassword')}
          </p>
        )}
      </div>
      {needsConfirmation(download.error) && <ConfirmIdentity onConfirmed={() => download.mutate()} />}
    </SettingsSection>
  );
}
