import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { notify } from '../../ui/notify';
import { DeviceNameForm } from '../../entities/user/DeviceNameForm';
import { SettingsSection } from '../../ui/setting-controls';
import { devicesQuery } from '../../entities/user/devices.api';

const route = getRouteApi('/signed-in/settings/settings/webauthn/$credentialId/edit');

/** Rename a device: a new-name field, Save and Cancel. */
export function EditDeviceScreen() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { credentialId } = route.useParams();
  const { name } = route.useSearch();
  const back = () => navigate({ to: '/settings/webauthn' });
  return (
    <SettingsSection title={t('devices.renameTitle')}>
      <div className="settings-form">
        <DeviceNameForm
          credentialId={credentialId}
          initialName={name ?? ''}
          submitLabel={t('common:actions.save')}
          onSaved={async () => {
            notify('success', t('devices.renamed'));
            await queryClient.invalidateQueries({ queryKey: devicesQuery.queryKey });
            await back();
          }}
          onCancel={() => void back()}
        />
      </div>
    </SettingsSection>
  );
}
