import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PasskeyProblem,
  addPasskey,
  copyPasskeys,
  passkeysSupported,
  removePasskey,
} from '../../entities/device-copy/copy-passkey';
import type { CopyPasskey } from '../../entities/device-copy/copy-store';
import { deviceCopiesQuery } from '../../entities/device-copy/device-copies.api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Field } from '../../ui/forms';
import { notify } from '../../ui/notify';
import { SettingsSection } from '../../ui/setting-controls';
import { Spinner } from '../../ui/Spinner';

/**
 * A passkey that unlocks this device's copy (WebAuthn PRF), beside the passphrase that always
 * stays. Adding one asks for the passphrase, which opens the key the passkey then wraps.
 */
export function CopyPasskeySection({
  thisCopy,
  onErased,
}: {
  readonly thisCopy: string;
  readonly onErased: () => void;
}) {
  const { t } = useTranslation('offline');
  const copies = useQuery(deviceCopiesQuery);
  const [supported, setSupported] = useState<boolean | undefined>();
  const [passkeys, setPasskeys] = useState<readonly CopyPasskey[]>([]);
  const [removing, setRemoving] = useState<CopyPasskey | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void passkeysSupported().then(setSupported);
    void copyPasskeys().then(setPasskeys);
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const name = copies.data?.find((copy) => copy.id === thisCopy)?.name ?? 'Twofold';
      const result = await addPasskey(passphrase, name);
      if (result.outcome === 'erased') {
        notify('danger', t('unlock.erased'));
        onErased();
        return;
      }
      if (result.outcome === 'wrong') {
        setProblem(t('unlock.wrong', { left: result.left }));
        return;
      }
      setPassphrase('');
      setPasskeys(await copyPasskeys());
      notify('success', t('passkey.added'));
    } catch (error) {
      if (!(error instanceof PasskeyProblem)) throw error;
      notify(error.kind === 'aborted' ? 'warning' : 'danger', t(`passkey.problems.${error.kind}`));
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: CopyPasskey) {
    await removePasskey(passkey.credentialId);
    setPasskeys(await copyPasskeys());
    notify('success', t('passkey.removed'));
  }

  return (
    <SettingsSection title={t('passkey.title')}>
      <p className="field-help">{t('passkey.lead')}</p>
      {passkeys.length > 0 && (
        <>
          <p>{t('passkey.on')}</p>
          <ul className="item-list" aria-label={t('passkey.list')}>
            {passkeys.map((passkey, index) => (
              <li key={passkey.credentialId} className="item">
                <div className="item-main">
                  <span className="item-title">{t('passkey.item', { number: index + 1 })}</span>
                </div>
                <div className="item-actions">
                  <button
                    type="button"
                    className="link-button link-danger"
                    onClick={() => setRemoving(passkey)}
                  >
                    {t('passkey.remove')}
                    <span className="visually-hidden"> {index + 1}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {supported === false ? (
        <p>{t('passkey.problems.unsupported')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="form">
          <p className="field-help">{t('passkey.older')}</p>
          <Field
            label={t('passkey.passphrase')}
            type="password"
            autoComplete="current-password"
            required
            error={problem}
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
          />
          <button type="submit" className="button button-primary" disabled={busy || supported === undefined}>
            {t('passkey.add')}
          </button>
          {busy && <Spinner />}
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={t('passkey.confirmRemove')}
        description={t('passkey.removeWarning')}
        confirmLabel={t('passkey.remove')}
        danger
        onConfirm={() => removing && void remove(removing)}
      />
    </SettingsSection>
  );
}
