import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { appConfigQuery } from '../../entities/server/server.api';
import { devicesQuery, deviceLabel, useRevokeDevice } from '../../entities/user/devices.api';
import { settingsQuery } from '../../entities/settings/settings.api';
import { readSettings, settingsRecord } from '../../entities/settings/preferences';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { dismiss, notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { registerDevice } from '../../entities/user/webauthn.api';
import { notifyWebauthnProblem, WebauthnProblem } from '../../entities/user/webauthn';
import { ProxyWarning, SettingsSection, SwitchSetting } from '../../ui/setting-controls';
import { useSaveSetting } from './save-setting';

/**
 * Security devices: the list with rename and revoke, a register button, and the
 * two sign-in options, which need at least one device.
 */
export function DevicesScreen() {
  const { t: tAuth } = useTranslation('auth');
  const { t, i18n } = useTranslation('settings');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: settings } = useSuspenseQuery(settingsQuery);
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const devices = useQuery(devicesQuery);
  const save = useSaveSetting();
  const [revoking, setRevoking] = useState<{ id: string; label: string } | null>(null);

  const register = useMutation({ mutationFn: registerDevice, meta: { handles: [400, 422] } });
  const revoke = useRevokeDevice({ onStored: () => notify('success', t('devices.revoked')) });

  async function startRegistration() {
    dismiss();
    try {
      const id = await register.mutateAsync();
      notify('success', tAuth('device.registered'));
      await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
      await navigate({
        to: '/settings/webauthn/$credentialId/edit',
        params: { credentialId: id },
        search: {},
      });
    } catch (error) {
      if (error instanceof WebauthnProblem) notifyWebauthnProblem(error, tAuth);
      else if (isApiError(error, 422) || isApiError(error, 400))
        notify('danger', error.message, { duration: -1 });
    }
  }

  const proxied = isApiError(devices.error, 400);
  const none = (devices.data?.length ?? 0) === 0;
  const record = settingsRecord(settings);
  if (save.isPending) record[save.variables.key] = save.variables.value;
  const values = readSettings(record);
  const fallbackName = tAuth('device.defaultName');

  return (
    <div className="settings-page">
      {proxied && <ProxyWarning>{t('proxy.unsupported')}</ProxyWarning>}
      <SettingsSection title={t('devices.title')}>
        <p className="field-help">{t('devices.lead')}</p>
        <div className="list-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={proxied || register.isPending || config.isDemoApp}
            onClick={() => void startRegistration()}
          >
            {t('devices.register')}
          </button>
        </div>
        {devices.isPending && <Spinner />}
        <ul className="item-list" aria-label={t('devices.title')}>
          {devices.data?.map((device) => {
            const label = deviceLabel(device, fallbackName);
            return (
              <li key={device.id} className="item">
                <div className="item-main">
                  <span className="item-title">{label}</span>
                  <span className="item-meta">
                    {t('devices.added', { date: date.format(new Date(device.created_at)) })}
                  </span>
                </div>
                <div className="item-actions">
                  <Link
                    to="/settings/webauthn/$credentialId/edit"
                    params={{ credentialId: device.id }}
                    search={device.name ? { name: device.name } : {}}
                  >
                    {t('devices.rename')}
                    <span className="visually-hidden"> {label}</span>
                  </Link>
                  <button
                    type="button"
                    className="link-button link-danger"
                    onClick={() => setRevoking({ id: device.id, label })}
                  >
                    {t('devices.revoke')}
                    <span className="visually-hidden"> {label}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
        {devices.isSuccess && none && <p className="empty">{t('devices.none')}</p>}
      </SettingsSection>
      <SettingsSection title={t('devices.options')}>
        <SwitchSetting
          label={t('devices.useWebauthnOnly.label')}
          help={t('devices.useWebauthnOnly.help')}
          checked={values.useWebauthnOnly}
          disabled={proxied || none}
          onChange={(value) => save.mutate({ key: 'useWebauthnOnly', value })}
        />
        <SwitchSetting
          label={t('devices.useWebauthnAsDefault.label')}
          help={t('devices.useWebauthnAsDefault.help')}
          checked={values.useWebauthnAsDefault}
          disabled={proxied || none}
          onChange={(value) => save.mutate({ key: 'useWebauthnAsDefault', value })}
        />
        {none && !proxied && <p className="field-help">{t('devices.needOne')}</p>}
      </SettingsSection>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('devices.confirmRevoke', { name: revoking?.label ?? '' })}
        description={t('devices.revokeWarning')}
        confirmLabel={t('devices.revoke')}
        danger
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
      />
    </div>
  );
}
