import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_COPY_PASSPHRASE } from '@twofold/vault';
import { deviceCopiesQuery, revokeDeviceCopy } from '../../entities/device-copy/device-copies.api';
import { eraseCopy, turnOnCopy } from '../../entities/device-copy/device-copy';
import { deviceCopyId } from '../../api/client';
import { installCopySync } from '../../lib/copy-sync';
import { forgetStoredLists } from '../../lib/persist';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CopyExtrasSection } from './CopyExtrasSection';
import { CopyPasskeySection } from './CopyPasskeySection';
import { DeviceCopiesSection } from './DeviceCopiesSection';
import { Field } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { SettingsSection } from '../../ui/setting-controls';
import { Spinner } from '../../ui/Spinner';

/**
 * This device: turn on (or erase) the encrypted copy that shows the codes when the server cannot be
 * reached, and the list of the devices that keep one, each revocable.
 */
export function ThisDeviceScreen() {
  const { t } = useTranslation('offline');
  const queryClient = useQueryClient();
  const [thisCopy, setThisCopy] = useState(deviceCopyId);
  const [name, setName] = useState('');
  const [passphrase, setPassphrase] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ passphrase?: string; confirmation?: string }>({});
  const [erasing, setErasing] = useState(false);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: deviceCopiesQuery.queryKey });

  const turnOn = useMutation({
    mutationFn: () => turnOnCopy(name.trim(), passphrase),
    meta: { handles: [422] },
    onSuccess: async () => {
      forgetStoredLists();
      installCopySync(queryClient, () => Promise.resolve(t('erasedRevoked')));
      setThisCopy(deviceCopyId());
      setPassphrase('');
      setConfirmation('');
      notify('success', t('device.turnedOn'));
      await refreshList();
    },
  });

  const revoke = useMutation({
    mutationFn: async (id: string) => {
      await revokeDeviceCopy(id);
      if (id === deviceCopyId()) await eraseCopy();
    },
    onSuccess: async () => {
      setThisCopy(deviceCopyId());
      notify('success', t('copies.revoked'));
      await refreshList();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (passphrase.length < MIN_COPY_PASSPHRASE) found.passphrase = t('device.tooShort');
    else if (confirmation !== passphrase) found.confirmation = t('device.mismatch');
    setErrors(found);
    if (Object.keys(found).length === 0) turnOn.mutate();
  }

  return (
    <div className="settings-page">
      <SettingsSection title={t('device.title')}>
        <p className="field-help">{t('device.lead')}</p>
        {thisCopy ? (
          <>
            <p>{t('device.on')}</p>
            <div className="list-actions">
              <button type="button" className="button button-danger" onClick={() => setErasing(true)}>
                {t('device.turnOff')}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} className="form">
            <Field
              label={t('device.name')}
              required
              maxLength={255}
              value={name}
              onChange={(event) => setName(event.target.value)}
            />
            <Field
              label={t('device.passphrase')}
              type="password"
              autoComplete="new-password"
              required
              help={t('device.passphraseHelp')}
              error={errors.passphrase}
              value={passphrase}
              onChange={(event) => setPassphrase(event.target.value)}
            />
            <Field
              label={t('device.passphraseAgain')}
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirmation}
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
            <button type="submit" className="button button-primary" disabled={turnOn.isPending}>
              {t('device.turnOn')}
            </button>
            {turnOn.isPending && <Spinner />}
          </form>
        )}
      </SettingsSection>
      {thisCopy && <CopyExtrasSection />}
      {thisCopy && <CopyPasskeySection thisCopy={thisCopy} onErased={() => setThisCopy(deviceCopyId())} />}
      <DeviceCopiesSection thisCopy={thisCopy} revoke={(id) => revoke.mutate(id)} />
      <ConfirmDialog
        open={erasing}
        onOpenChange={setErasing}
        title={t('device.confirmTurnOff')}
        confirmLabel={t('device.turnOff')}
        danger
        onConfirm={() => thisCopy && revoke.mutate(thisCopy)}
      />
    </div>
  );
}
