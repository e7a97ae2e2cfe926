import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyProblem, copyPasskeyCount, unlockWithPasskey } from '../../entities/device-copy/copy-passkey';
import { unlockWithPassphrase, type CopyContent } from '../../entities/device-copy/device-copy';
import { notify } from '../../ui/notify';
import { Field } from '../../ui/forms';
import { activateOffline } from './activate-offline';
import './offline.css';

/**
 * Shown instead of 'The server cannot be reached' when this device keeps a copy: the passphrase
 * opens it and the accounts screen reads from it.
 */
export function OfflineUnlockScreen() {
  const { t } = useTranslation('offline');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [passphrase, setPassphrase] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [erased, setErased] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hasPasskey, setHasPasskey] = useState(false);

  useEffect(() => {
    void copyPasskeyCount().then((count) => setHasPasskey(count > 0));
  }, []);

  async function open(content: CopyContent) {
    activateOffline(queryClient, content, {
      locked: t('locked'),
      needsServerForCode: t('needsServerForCode'),
    });
    await router.invalidate();
    await router.navigate({ to: '/accounts' });
  }

  async function withPasskey() {
    setBusy(true);
    try {
      await open((await unlockWithPasskey()).content);
    } catch (error) {
      if (!(error instanceof PasskeyProblem)) throw error;
      notify(error.kind === 'aborted' ? 'warning' : 'danger', t(`passkey.problems.${error.kind}`));
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await unlockWithPassphrase(passphrase);
      if (result.outcome === 'erased') {
        setErased(true);
        return;
      }
      if (result.outcome === 'wrong') {
        setProblem(t('unlock.wrong', { left: result.left }));
        setPassphrase('');
        return;
      }
      await open(result.content);
    } finally {
      setBusy(false);
    }
  }

  if (erased) {
    return (
      <main className="offline-unlock" aria-labelledby="offline-unlock-title">
        <h1 id="offline-unlock-title">{t('unlock.erasedTitle')}</h1>
        <p role="alert">{t('unlock.erased')}</p>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('unlock.tryAgain')}
        </button>
      </main>
    );
  }
  return (
    <main className="offline-unlock" aria-labelledby="offline-unlock-title">
      <h1 id="offline-unlock-title">{t('unlock.title')}</h1>
      <p>{t('unlock.lead')}</p>
      {hasPasskey && (
        <button
          type="button"
          className="button button-primary button-block"
          disabled={busy}
          onClick={() => void withPasskey()}
        >
          {t('unlock.passkey')}
        </button>
      )}
      <form onSubmit={(event) => void submit(event)}>
        <Field
          label={t('unlock.passphrase')}
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          value={passphrase}
          error={problem}
          onChange={(event) => setPassphrase(event.target.value)}
        />
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('unlock.submit')}
        </button>
      </form>
    </main>
  );
}
