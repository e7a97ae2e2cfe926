import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { unlockWithPassphrase } from '../../entities/device-copy/device-copy';
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
      activateOffline(queryClient, result.content, {
        locked: t('locked'),
        needsServerForCode: t('needsServerForCode'),
      });
      await router.invalidate();
      await router.navigate({ to: '/accounts' });
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
