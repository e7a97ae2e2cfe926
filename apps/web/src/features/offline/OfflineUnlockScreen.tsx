import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasskeyProblem, copyPasskeyCount, unlockWithPasskey } from '../../entities/device-copy/copy-passkey';
import { warmCopyWorker } from '../../entities/device-copy/copy-worker';
import { eraseCopy, unlockWithPassphrase, type CopyContent } from '../../entities/device-copy/device-copy';
import { loadCatalogues } from '../../i18n/i18n';
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
  const [damaged, setDamaged] = useState(false);
  const [busy, setBusy] = useState(false);
  const [hasPasskey, setHasPasskey] = useState(false);

  useEffect(() => {
    void copyPasskeyCount().then((count) => setHasPasskey(count > 0));
    // While the passphrase is typed: the copy's worker starts, and the accounts screen's code and
    // texts load, so that the press on Unlock waits for the derivation and nothing else.
    warmCopyWorker();
    const accounts = router.routesByPath['/accounts'];
    if (accounts) void Promise.resolve(router.loadRouteChunk(accounts)).catch(() => undefined);
    void loadCatalogues('accounts')().catch(() => undefined);
  }, [router]);

  async function open(content: CopyContent) {
    activateOffline(
      queryClient,
      content,
      { locked: t('locked'), needsServerForCode: t('needsServerForCode') },
      router.options.context.dataMode,
    );
    await router.invalidate();
    await router.navigate({ to: '/accounts' });
  }

  async function withPasskey() {
    setBusy(true);
    let content: CopyContent;
    try {
      ({ content } = await unlockWithPasskey());
    } catch (error) {
      if (error instanceof PasskeyProblem) {
        notify(error.kind === 'aborted' ? 'warning' : 'danger', t(`passkey.problems.${error.kind}`));
      } else {
        setDamaged(true);
      }
      return;
    } finally {
      setBusy(false);
    }
    await open(content);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await unlockWithPassphrase(passphrase).catch(() => 'damaged' as const);
      if (result === 'damaged') {
        setDamaged(true);
        return;
      }
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

  if (damaged) return <DamagedCopy />;
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

/**
 * The copy could not be read (a damaged record, storage the browser cannot open): no code can come
 * from it. Erasing it leaves the usual 'server cannot be reached' until the user signs in again.
 */
function DamagedCopy() {
  const { t } = useTranslation('offline');
  async function erase() {
    await eraseCopy();
    window.location.reload();
  }
  return (
    <main className="offline-unlock" aria-labelledby="offline-unlock-title">
      <h1 id="offline-unlock-title">{t('unlock.damagedTitle')}</h1>
      <p role="alert">{t('unlock.damaged')}</p>
      <button type="button" className="button button-danger button-block" onClick={() => void erase()}>
        {t('unlock.erase')}
      </button>
      <button type="button" className="button button-block" onClick={() => window.location.reload()}>
        {t('unlock.tryAgain')}
      </button>
    </main>
  );
}
