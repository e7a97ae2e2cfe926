import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyKeepsExtras, keepExtrasInCopy } from '../../entities/device-copy/device-copy';
import { ConfirmIdentity } from '../../entities/user/ConfirmIdentity';
import { needsConfirmation } from '../../entities/user/confirm-identity.api';
import { notify } from '../../ui/notify';
import { SettingsSection, SwitchSetting } from '../../ui/setting-controls';
import { Spinner } from '../../ui/Spinner';

/**
 * This device's choice to keep the accounts' notes and recovery codes in its copy too (off unless
 * the user turns it on here). Turning it on reads them from the server, which first asks a web
 * session who it is, as the recovery screen does.
 */
export function CopyExtrasSection() {
  const { t } = useTranslation('offline');
  const [keeps, setKeeps] = useState<boolean | undefined>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void copyKeepsExtras().then(setKeeps);
  }, []);

  const choose = async (keep: boolean) => {
    setBusy(true);
    try {
      await keepExtrasInCopy(keep);
      setConfirming(false);
      setKeeps(keep);
      notify('success', t(keep ? 'device.extrasKept' : 'device.extrasRemoved'));
    } catch (error) {
      if (!needsConfirmation(error)) throw error;
      setConfirming(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsSection title={t('device.extrasTitle')}>
      <SwitchSetting
        label={t('device.extras')}
        help={t('device.extrasHelp')}
        checked={keeps === true}
        disabled={keeps === undefined || busy}
        onChange={(keep) => void choose(keep)}
      />
      {confirming && <ConfirmIdentity onConfirmed={() => void choose(true)} />}
      {busy && <Spinner />}
    </SettingsSection>
  );
}
