import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accountsQuery } from '../../entities/account/account.api';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { Spinner } from '../../ui/Spinner';
import { useQrUpload, useScannedData } from '../../entities/account/scanned';
import { HiddenFileInput } from '../../ui/HiddenFileInput';

const route = getRouteApi('/signed-in/start');

/** Add an account: scan, upload, or the advanced form. */
export function StartPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const search = route.useSearch();
  const { settings, loaded } = useAccountSettings();
  const accounts = useQuery(accountsQuery);
  const fileInput = useRef<HTMLInputElement>(null);
  const handleScanned = useScannedData();
  const upload = useQrUpload((data) => void handleScanned(data));
  const count = accounts.data?.length;
  const autoOpened = useRef(false);

  // Direct capture with upload as the default mode: the file chooser opens by itself.
  useEffect(() => {
    if (!loaded || autoOpened.current) return;
    autoOpened.current = true;
    if (settings.useDirectCapture && settings.defaultCaptureMode === 'upload') fileInput.current?.click();
  }, [loaded, settings.defaultCaptureMode, settings.useDirectCapture]);

  const decode = upload.mutate;
  useSharedImage(search.shared === true, decode);
  // An image pasted from the clipboard is read as an uploaded one.
  useEffect(() => {
    const onPaste = (event: ClipboardEvent) => {
      const image = [...(event.clipboardData?.files ?? [])].find((file) => file.type.startsWith('image/'));
      if (!image) return;
      event.preventDefault();
      decode(image);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [decode]);

  const chooseFile = () => fileInput.current?.click();
  const scan = () => (settings.useBasicQrcodeReader ? chooseFile() : void navigate({ to: '/capture' }));

  return (
    <section className="start-screen" aria-labelledby="start-title">
      {count === 0 ? (
        <header className="start-header">
          <h1 id="start-title">{t('start.noAccounts')}</h1>
          <p className="lead">{t('start.addFirst')}</p>
        </header>
      ) : (
        <header className="start-header">
          <h1 id="start-title">{t('start.title')}</h1>
        </header>
      )}
      <HiddenFileInput ref={fileInput} accept="image/*" onFile={(file) => upload.mutate(file)} />
      <div className="start-options">
        <button type="button" className="start-scan" onClick={scan} disabled={upload.isPending}>
          <span className="start-scan-frame" aria-hidden="true">
            <ScanGlyph />
          </span>
          <span>{settings.useBasicQrcodeReader ? t('start.uploadQr') : t('start.scanQr')}</span>
        </button>
        {upload.isPending && <Spinner label={t('start.decoding')} />}
        <div className="start-alternatives">
          {!settings.useBasicQrcodeReader && (
            <button type="button" className="button" onClick={chooseFile} disabled={upload.isPending}>
              {t('start.upload')}
            </button>
          )}
          {search.showAdvancedFormButton !== false && (
            <Link to="/account/create" className="button">
              {t('start.advancedForm')}
            </Link>
          )}
          <Link to="/account/import" className="button">
            {t('start.import')}
          </Link>
          <Link to="/groups" className="button">
            {t('start.groups')}
          </Link>
        </div>
      </div>
      {count !== undefined && count > 0 && (
        <p className="start-back">
          <Link to={search.returnToView === 'groups' ? '/groups' : '/accounts'} className="button">
            {t('actions.back')}
          </Link>
        </p>
      )}
    </section>
  );
}

/** The image shared to the installed app, asked once of the service worker that received it. */
function useSharedImage(shared: boolean, onImage: (image: File) => void) {
  const asked = useRef(false);
  useEffect(() => {
    if (!shared || asked.current || !('serviceWorker' in navigator)) return;
    asked.current = true;
    const worker = navigator.serviceWorker;
    const onMessage = (event: MessageEvent<{ type?: string; image?: File | null }>) => {
      if (event.data.type !== 'twofold:shared-image') return;
      worker.removeEventListener('message', onMessage);
      if (event.data.image) onImage(event.data.image);
    };
    worker.addEventListener('message', onMessage);
    void worker.ready.then((registration) => registration.active?.postMessage('twofold:shared-image'));
  }, [shared, onImage]);
}

function ScanGlyph() {
  return (
    <svg width="64" height="64" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3" />
      <path d="M4 12h16" strokeLinecap="round" />
    </svg>
  );
}
