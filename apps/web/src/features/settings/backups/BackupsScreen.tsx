import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import {
  backUpNow,
  backupSettingsQuery,
  backupsQuery,
  deleteBackup,
  downloadBackup,
  updateBackupSettings,
  type BackupSettingsChange,
} from '../../../entities/backup/backup.api';
import { useAccountSettings } from '../../../entities/settings/account-settings';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { notify } from '../../../ui/notify';
import { saveFile } from '../../../ui/save-file';
import { Spinner } from '../../../ui/Spinner';
import { SelectSetting, SettingsSection } from '../../../ui/setting-controls';
import { BackupPasswordForm } from './BackupPasswordForm';
import { BreakGlassSection } from './BreakGlassSection';
import { DestinationsSection } from './DestinationsSection';
import { formatSize } from '../../../ui/byte-size';
import './backups.css';

const KEEP_CHOICES = [3, 7, 14, 30, 60, 90, 365];

/**
 * Settings, Backups: the backup password, the schedule and how many are kept, the last run, and
 * the backups themselves (download, delete, back up now).
 */
export function BackupsScreen() {
  const { t, i18n } = useTranslation('settings');
  const queryClient = useQueryClient();
  const settings = useQuery(backupSettingsQuery);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['backups'] });
  const change = useMutation({
    mutationFn: (body: BackupSettingsChange) => updateBackupSettings(body),
    onSuccess: (saved) => {
      queryClient.setQueryData(backupSettingsQuery.queryKey, saved);
      notify('success', t('backups.saved'));
    },
  });
  const now = useMutation({
    mutationFn: backUpNow,
    meta: { handles: [409] },
    onSuccess: (made) => notify('success', t('backups.made', { name: made.name })),
    onError: (error) => {
      if (isApiError(error, 409)) notify('danger', error.message || t('backups.failedNow'));
    },
    onSettled: refresh,
  });
  // Dates in the interface language and the user's timezone preference, as elsewhere in the app.
  const { timezone } = useAccountSettings().settings;
  const dateTime = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: timezone,
  });
  const formatDate = (at: string) => dateTime.format(new Date(at));

  if (!settings.data) return settings.isPending ? <Spinner /> : null;
  const {
    password_set: passwordSet,
    frequency,
    keep,
    break_glass: breakGlass,
    last_run: lastRun,
  } = settings.data;
  const keepChoices = [...new Set([...KEEP_CHOICES, keep])].sort((a, b) => a - b);

  return (
    <div className="settings-page">
      <p className="field-help">{t('backups.lead')}</p>
      <BackupPasswordForm passwordSet={passwordSet} onSaved={refresh} />
      <SettingsSection title={t('backups.schedule')}>
        <SelectSetting
          label={t('backups.frequency')}
          help={passwordSet ? undefined : t('backups.needsPassword')}
          value={frequency}
          disabled={change.isPending}
          options={[
            { value: 'off', label: t('backups.frequencies.off') },
            { value: 'daily', label: t('backups.frequencies.daily') },
            { value: 'weekly', label: t('backups.frequencies.weekly') },
          ]}
          onChange={(value) => change.mutate({ frequency: value })}
        />
        <SelectSetting
          label={t('backups.keep')}
          help={t('backups.keepHelp')}
          value={keep}
          disabled={change.isPending}
          options={keepChoices.map((value) => ({ value, label: String(value) }))}
          onChange={(value) => change.mutate({ keep: value })}
        />
        {lastRun && (
          <p
            className={`callout ${lastRun.status === 'success' ? 'callout-success' : 'callout-danger'}`}
            role={lastRun.status === 'failure' ? 'alert' : 'status'}
          >
            {lastRun.status === 'success'
              ? t('backups.lastSuccess', { date: formatDate(lastRun.at) })
              : // The server's error text is English: the reason is said in the interface language.
                t('backups.lastFailure', {
                  date: formatDate(lastRun.at),
                  error: t('backups.destinations.reasons.local_write_failed'),
                })}
          </p>
        )}
      </SettingsSection>
      <SettingsSection title={t('backups.title')}>
        <div className="list-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={!passwordSet || now.isPending}
            aria-describedby={passwordSet ? undefined : 'backup-now-help'}
            onClick={() => now.mutate()}
          >
            {now.isPending ? t('backups.working') : t('backups.now')}
          </button>
          {!passwordSet && (
            <p id="backup-now-help" className="field-help">
              {t('backups.needsPassword')}
            </p>
          )}
        </div>
        <BackupList formatDate={formatDate} locale={i18n.language} />
      </SettingsSection>
      <DestinationsSection formatDate={formatDate} />
      <BreakGlassSection
        passwordSet={passwordSet}
        enabled={breakGlass}
        saving={change.isPending}
        onToggle={(value) => change.mutate({ break_glass: value })}
      />
    </div>
  );
}

function BackupList({
  formatDate,
  locale,
}: {
  readonly formatDate: (at: string) => string;
  readonly locale: string;
}) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const backups = useQuery(backupsQuery);
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: deleteBackup,
    onSuccess: async () => {
      notify('success', t('backups.deleted'));
      await queryClient.invalidateQueries({ queryKey: backupsQuery.queryKey });
    },
  });
  const download = useMutation({
    mutationFn: async (name: string) => saveFile(name, await downloadBackup(name)),
  });

  if (backups.isPending) return <Spinner />;
  const list = backups.data ?? [];
  if (list.length === 0) return <p className="field-help">{t('backups.none')}</p>;
  return (
    <>
      <ul className="item-list" aria-label={t('backups.title')}>
        {list.map((backup) => (
          <li key={backup.name} className="item">
            <div className="item-main">
              <span className="item-title">{formatDate(backup.created_at)}</span>
              <span className="item-meta">
                {backup.accounts === null
                  ? formatSize(backup.size, locale)
                  : t('backups.entry', { count: backup.accounts, size: formatSize(backup.size, locale) })}
              </span>
            </div>
            <button
              type="button"
              className="button"
              aria-label={t('backups.downloadOne', { date: formatDate(backup.created_at) })}
              onClick={() => download.mutate(backup.name)}
            >
              {t('backups.download')}
            </button>
            <button
              type="button"
              className="button button-danger"
              aria-label={t('backups.deleteOne', { date: formatDate(backup.created_at) })}
              onClick={() => setDeleting(backup.name)}
            >
              {t('backups.delete')}
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('backups.confirmDelete')}
        description={t('backups.confirmDeleteText')}
        confirmLabel={t('backups.delete')}
        danger
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </>
  );
}
