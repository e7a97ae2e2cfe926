import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import type { ImportSource } from '../../entities/account/import.api';
import { HiddenFileInput } from '../../ui/HiddenFileInput';
import './import.css';

/** The apps whose exports the server reads, plain or encrypted (shown as a list). */
export const IMPORT_FORMATS = [
  '2FAuth',
  'Aegis',
  '2FAS Auth',
  'Google Authenticator',
  'Bitwarden',
  'Ente Auth',
  'Proton Authenticator',
  'Proton Pass',
  '1Password (.1pux)',
  'KeePass / KeePassXC (.kdbx)',
  'LastPass Authenticator',
  'andOTP',
  'Steam',
  'FreeOTP+',
  'FreeOTP 2',
  'Stratum / Authenticator Pro',
  'TOTP Authenticator',
  'Authenticator Plus',
  'WinAuth',
  'Raivo OTP',
  'otpauth://',
] as const;

/** Files an app keeps in a phone's internal storage, and where each is (Android paths). */
export const PHONE_FILES = [
  ['Authy', '/data/data/com.authy.authy/shared_prefs/com.authy.storage.tokens.authenticator.xml'],
  [
    'Battle.net Authenticator',
    '/data/data/com.blizzard.messenger/shared_prefs/com.blizzard.messenger.authenticator_preferences.xml',
  ],
  ['Duo Mobile', '/data/data/com.duosecurity.duomobile/files/duokit/accounts.json'],
  ['FreeOTP / FreeOTP+', '/data/data/org.fedorahosted.freeotp/shared_prefs/tokens.xml'],
  ['Google Authenticator', '/data/data/com.google.android.apps.authenticator2/databases/databases'],
  ['Microsoft Authenticator', '/data/data/com.azure.authenticator/databases/PhoneFactor'],
  ['Stratum', '/data/data/com.stratumauth.app/databases/authenticator.db3'],
  [
    'TOTP Authenticator',
    '/data/data/com.authenticator.authservice2/shared_prefs/TOTP_Authenticator_Preferences.xml',
  ],
] as const;

/** The ways in: a QR code scan, a dropped or picked file, or pasted text. */
export function ImportSources({
  busy,
  onSource,
}: {
  readonly busy: boolean;
  readonly onSource: (source: ImportSource) => void;
}) {
  const { t } = useTranslation('import');
  const fileInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [text, setText] = useState('');

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onSource({ file });
  };

  return (
    <>
      <div className="import-sources">
        <Link to="/capture" className="button">
          {t('scanMigration')}
        </Link>
        <button type="button" className="button" disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('uploadFile')}
        </button>
        <HiddenFileInput ref={fileInput} accept="*/*" onFile={(file) => onSource({ file })} />
      </div>
      <div
        className={`import-drop${dragging ? ' import-drop-active' : ''}`}
        role="region"
        aria-label={t('dropZone')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>{t('dropHere')}</p>
      </div>
      <form
        className="import-paste"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') onSource({ text });
        }}
      >
        <label htmlFor="import-text">{t('pasteLabel')}</label>
        <textarea id="import-text" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button" disabled={busy || text.trim() === ''}>
          {t('readText')}
        </button>
      </form>
      <p className="import-formats">
        {t('formats')} <span dir="ltr">{IMPORT_FORMATS.join(', ')}</span>
      </p>
      <details className="import-phone-files">
        <summary>{t('phoneFiles')}</summary>
        <p>{t('phoneFilesHelp')}</p>
        <ul>
          {PHONE_FILES.map(([app, path]) => (
            <li key={path}>
              {app}: <code>{path}</code>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
