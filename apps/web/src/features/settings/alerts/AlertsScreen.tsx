import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  alertSettingsQuery,
  setAlertKinds,
  type AlertChannelType,
  type AlertKinds,
} from '../../../entities/alerts/alerts.api';
import { notify } from '../../../ui/notify';
import { Spinner } from '../../../ui/Spinner';
import { SettingsSection, SwitchSetting } from '../../../ui/setting-controls';
import { ChannelCard } from './ChannelCard';
import { pushSupported, subscribeThisDevice } from './push-subscribe';
import './alerts.css';

const KINDS = [
  'new_device',
  'failed_sign_in',
  'token_created',
  'security_device_added',
  'export',
  'backup_failed',
  'clock_skew',
  'disk_full',
] as const satisfies readonly (keyof AlertKinds)[];
const CHANNELS: readonly AlertChannelType[] = ['email', 'ntfy', 'gotify', 'webhook', 'webpush'];

/** Settings, Alerts: which events send an alert, and the channels that carry them. */
export function AlertsScreen() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const settings = useQuery(alertSettingsQuery);
  const change = useMutation({
    mutationFn: setAlertKinds,
    onSuccess: async () => {
      notify('success', t('saved'));
      await queryClient.invalidateQueries({ queryKey: alertSettingsQuery.queryKey });
    },
  });
  const push = useMutation({
    mutationFn: (key: string) => subscribeThisDevice(key),
    onSuccess: async (outcome) => {
      if (outcome === 'subscribed') notify('success', t('alerts.pushSubscribed'));
      else notify('danger', t(outcome === 'denied' ? 'alerts.pushDenied' : 'alerts.pushUnsupported'));
      await queryClient.invalidateQueries({ queryKey: alertSettingsQuery.queryKey });
    },
    onError: () => notify('danger', t('alerts.pushUnavailable')),
  });

  if (!settings.data) return settings.isPending ? <Spinner /> : null;
  const { kinds, channels, vapid_public_key: vapidKey } = settings.data;
  const channelOf = (type: AlertChannelType) => channels.find((channel) => channel.type === type);

  return (
    <div className="settings-page">
      <p className="field-help">{t('alerts.lead')}</p>
      <SettingsSection title={t('alerts.kindsTitle')}>
        {KINDS.map((kind) => (
          <SwitchSetting
            key={kind}
            label={t(`alerts.kinds.${kind}`)}
            checked={kinds[kind]}
            disabled={change.isPending}
            onChange={(checked) => change.mutate({ [kind]: checked })}
          />
        ))}
        {/* A change to the kinds or the channels is always alerted, before it silences anything. */}
        <SwitchSetting label={t('alerts.kinds.alerts_changed')} checked disabled onChange={() => undefined} />
      </SettingsSection>
      <SettingsSection title={t('alerts.channelsTitle')}>
        {CHANNELS.map((type) => (
          <ChannelCard key={`${type}-${channelOf(type)?.url ?? ''}`} type={type} channel={channelOf(type)}>
            {type === 'webpush' && (
              <div className="list-actions">
                <button
                  type="button"
                  className="button button-primary"
                  disabled={push.isPending || !pushSupported()}
                  onClick={() => push.mutate(vapidKey)}
                >
                  {t('alerts.pushThisDevice')}
                </button>
                <p className="field-help">
                  {t('alerts.pushDevices', { count: channelOf('webpush')?.subscriptions ?? 0 })}
                </p>
              </div>
            )}
          </ChannelCard>
        ))}
      </SettingsSection>
    </div>
  );
}
