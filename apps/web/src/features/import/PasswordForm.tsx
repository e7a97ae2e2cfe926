import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/forms';
import type { ImportSource } from '../../entities/account/import.api';
import type { PasswordPrompt } from './use-import-rows';

/**
 * An encrypted export: asks for its password in the import screen and sends the same source
 * again with it. A Bitwarden export bound to its account key cannot be opened with any password:
 * the form explains how to export it again instead.
 */
export function PasswordForm({
  prompt,
  busy,
  onSubmit,
  onCancel,
}: {
  readonly prompt: PasswordPrompt;
  readonly busy: boolean;
  readonly onSubmit: (source: ImportSource) => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('import');
  const [password, setPassword] = useState('');
  const app = prompt.app || t('thisApp');
  if (prompt.reason === 'account_key') {
    return (
      <div className="import-password" role="alert">
        <h2>{t('accountKeyTitle')}</h2>
        <p>{t('accountKeyHelp')}</p>
        <button type="button" className="button" onClick={onCancel}>
          {t('close')}
        </button>
      </div>
    );
  }
  return (
    <form
      className="import-password"
      aria-label={t('passwordTitle', { app })}
      onSubmit={(event) => {
        event.preventDefault();
        if (password !== '') onSubmit({ ...prompt.source, password });
      }}
    >
      <h2>{t('passwordTitle', { app })}</h2>
      <p>{t('passwordHelp', { app })}</p>
      <Field
        label={t('password')}
        type="password"
        autoComplete="off"
        autoFocus
        value={password}
        error={prompt.error}
        onChange={(event) => setPassword(event.target.value)}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || password === ''}>
          {t('decrypt')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
