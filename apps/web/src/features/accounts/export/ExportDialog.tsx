import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  exportEncryptedVault,
  exportFileText,
  exportMigrationUris,
} from '../../../entities/account/export.api';
import { ConfirmIdentity } from '../../../entities/user/ConfirmIdentity';
import { needsConfirmation } from '../../../entities/user/confirm-identity.api';
import { Field, FormError } from '../../../ui/forms';
import { notify } from '../../../ui/notify';
import { saveFile } from '../../../ui/save-file';
import { MigrationCodes } from './MigrationCodes';
import './export.css';

type Format = '2fauth' | 'txt' | 'aegis' | 'aegis-encrypted' | 'gmigration';
const FORMATS: readonly Format[] = ['2fauth', 'txt', 'aegis', 'aegis-encrypted', 'gmigration'];

const FILE_NAMES: Record<'2fauth' | 'txt' | 'aegis' | 'aegis-encrypted', string> = {
  '2fauth': 'twofold-export.2fauth.json',
  txt: 'twofold-export.otpauth.txt',
  aegis: 'twofold-export.aegis.json',
  'aegis-encrypted': 'twofold-export.aegis-encrypted.json',
};

/**
 * Export of the selected accounts (every account when none is selected): a file in one of the
 * formats other apps read, or Google Authenticator's migration QR codes, shown one after the other.
 */
export function ExportDialog({
  open,
  onOpenChange,
  ids,
}: {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** The selected accounts; empty = every account. */
  readonly ids: readonly number[];
}) {
  const { t } = useTranslation('accounts');
  const [format, setFormat] = useState<Format>('2fauth');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [codes, setCodes] = useState<{ uris: string[]; skipped: number } | null>(null);
  const run = useMutation({
    mutationFn: async () => {
      if (format === 'gmigration') {
        const result = await exportMigrationUris(ids);
        setCodes({ uris: result.uris, skipped: result.skipped.length });
        return;
      }
      const text =
        format === 'aegis-encrypted'
          ? await exportEncryptedVault(ids, password)
          : await exportFileText(format, ids);
      saveFile(FILE_NAMES[format], text, format === 'txt' ? 'text/plain' : 'application/json');
      notify('success', t('export.done'));
      close();
    },
    // An Aegis vault with notes or recovery codes: the dialog asks who the user is, as the notes do.
    meta: { handles: [403] },
  });
  const asking = needsConfirmation(run.error);
  const close = () => {
    setPassword('');
    setConfirmation('');
    setCodes(null);
    setMismatch(false);
    run.reset();
    onOpenChange(false);
  };
  const submit = () => {
    if (format === 'aegis-encrypted' && (password === '' || password !== confirmation)) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    run.mutate();
  };
  const scope = ids.length > 0 ? t('export.selected', { count: ids.length }) : t('export.all');

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog export-dialog">
          <Dialog.Title className="dialog-title">{t('export.title')}</Dialog.Title>
          <Dialog.Description className="dialog-description">{scope}</Dialog.Description>
          {codes ? (
            <MigrationCodes uris={codes.uris} skipped={codes.skipped} />
          ) : asking ? (
            <ConfirmBeforeExport onConfirmed={() => run.mutate()} onCancel={close} />
          ) : (
            <form
              className="export-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <FormatChoice value={format} onChange={setFormat} />
              {format === 'aegis-encrypted' ? (
                <>
                  <Field
                    label={t('export.password')}
                    type="password"
                    autoComplete="new-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                  />
                  <Field
                    label={t('export.passwordConfirmation')}
                    type="password"
                    autoComplete="new-password"
                    value={confirmation}
                    error={mismatch ? t('export.passwordsDiffer') : undefined}
                    onChange={(event) => setConfirmation(event.target.value)}
                  />
                </>
              ) : (
                <p className="callout callout-warning" role="note">
                  {t('export.plainWarning')}
                </p>
              )}
              <FormError message={run.error ? t('export.failed') : undefined} />
              <div className="dialog-actions">
                <button type="button" className="button" onClick={close}>
                  {t('actions.cancel', { ns: 'common' })}
                </button>
                <button type="submit" className="button button-primary" disabled={run.isPending}>
                  {format === 'gmigration' ? t('export.showCodes') : t('export.download')}
                </button>
              </div>
            </form>
          )}
          {codes && (
            <div className="dialog-actions">
              <button type="button" className="button button-primary" onClick={close}>
                {t('actions.close', { ns: 'common' })}
              </button>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** An Aegis vault with notes or recovery codes: who the user is, confirmed as the notes screen asks. */
function ConfirmBeforeExport({
  onConfirmed,
  onCancel,
}: {
  readonly onConfirmed: () => void;
  readonly onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <>
      <ConfirmIdentity onConfirmed={onConfirmed} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t('actions.cancel', { ns: 'common' })}
        </button>
      </div>
    </>
  );
}

function FormatChoice({
  value,
  onChange,
}: {
  readonly value: Format;
  readonly onChange: (format: Format) => void;
}) {
  const { t } = useTranslation('accounts');
  const name = useId();
  return (
    <fieldset className="choice-fieldset">
      <legend>{t('export.format')}</legend>
      {FORMATS.map((format) => (
        <label key={format} className="radio-row">
          <input
            type="radio"
            name={name}
            value={format}
            checked={value === format}
            onChange={() => onChange(format)}
          />
          <span>{t(`export.formats.${format}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
