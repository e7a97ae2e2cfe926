import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshAccounts } from '../../entities/account/account.mutations';
import { useScanHandoff } from '../../entities/account/scan-handoff';
import { paramsOtpQuery } from '../../entities/account/otp';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Spinner } from '../../ui/Spinner';
import { AccountIcon } from '../../entities/account/AccountIcon';
import { TestModal } from '../../entities/account/TestModal';
import { toParams, valuesOf } from '../../entities/account/form-values';
import {
  importable,
  inImportAll,
  isDuplicate,
  isInvalid,
  useImportRows,
  type Confirm,
  type Row,
} from './use-import-rows';
import { ImportResultNotice } from './ImportResult';
import { ImportSources } from './ImportSources';
import { ImportStatus } from './ImportStatus';
import { PasswordForm } from './PasswordForm';

/** A ref whose element is scrolled into view each time `shown` turns true. */
function useScrolledIntoViewWhen<T extends HTMLElement>(shown: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (shown) ref.current?.scrollIntoView({ block: 'start' });
  }, [shown]);
  return ref;
}

/** Accounts found in a Google Authenticator migration or an export file. */
export function ImportPage() {
  const { t } = useTranslation('import');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const migrationUri = useScanHandoff('migration');
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const importer = useImportRows(migrationUri);
  const { rows, busy, running, prompt, importRow, importAll, discard, hasImported } = importer;

  const remaining = rows.filter(importable);
  const toImport = rows.filter(inImportAll).length;
  const skipping = remaining.length - toImport;
  const duplicates = rows.filter((row) => isDuplicate(row) && row.status !== 'imported');
  // Once a file is read, what it holds comes into view (on a phone it is under the sources).
  const bulkRef = useScrolledIntoViewWhen<HTMLDivElement>(rows.length > 0);
  const leave = async () => {
    if (hasImported()) await refreshAccounts(queryClient);
    await navigate({ to: '/accounts', search: hasImported() ? { toRefresh: true } : {} });
  };

  return (
    <section className="page narrow import-screen" aria-labelledby="import-title">
      <h1 id="import-title">{t('title')}</h1>
      <p className="lead">{t('legend')}</p>
      {prompt ? (
        <PasswordForm
          key={prompt.source.file?.name ?? 'text'}
          prompt={prompt}
          busy={busy}
          onSubmit={importer.load}
          onCancel={importer.cancelPrompt}
        />
      ) : (
        <ImportSources busy={busy} onSource={importer.load} />
      )}
      {busy && <Spinner />}
      <ImportStatus summary={importer.summary} progress={importer.progress} />
      {importer.result && <ImportResultNotice result={importer.result} onLeave={() => void leave()} />}
      {rows.length > 0 && (
        <>
          <div className="import-bulk" role="toolbar" aria-label={t('bulk')} ref={bulkRef}>
            <button
              type="button"
              className="button button-primary"
              disabled={running || toImport === 0}
              onClick={() => void importAll()}
            >
              {skipping > 0
                ? t('importSkipping', { count: skipping, importing: toImport })
                : t('importAll', { count: toImport })}
            </button>
            {duplicates.length > 0 && (
              <button
                type="button"
                className="button"
                disabled={running}
                onClick={() => setConfirm({ kind: 'duplicates' })}
              >
                {t('discardDuplicates', { count: duplicates.length })}
              </button>
            )}
            <button
              type="button"
              className="button"
              disabled={running}
              onClick={() => setConfirm({ kind: 'all' })}
            >
              {t('discardAll')}
            </button>
          </div>
          <ul className="import-list" aria-label={t('listLabel')}>
            {rows.map((row) => (
              <ImportRow
                key={row.key}
                row={row}
                running={running}
                onImport={() => void importRow(row).then(() => refreshAccounts(queryClient))}
                onDiscard={() => setConfirm({ kind: 'one', key: row.key })}
                onPreview={() => setPreviewing(row)}
                onForce={(forced) => importer.force(row.key, forced)}
              />
            ))}
          </ul>
        </>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void leave()}>
          {remaining.length > 0 ? t('cancel') : t('close')}
        </button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={
          confirm?.kind === 'duplicates'
            ? t('confirmDiscardDuplicates', { count: duplicates.length })
            : confirm?.kind === 'all'
              ? t('confirmDiscardAll')
              : t('confirmDiscard')
        }
        confirmLabel={t('discard')}
        danger
        onConfirm={() => discard(confirm)}
      />
      {previewing && (
        <TestModal
          open
          onClose={() => setPreviewing(null)}
          title={previewing.item.service ?? previewing.item.account}
          subtitle={previewing.item.service ? previewing.item.account : ''}
          query={paramsOtpQuery(['import', previewing.key], toParams(valuesOf(previewing.item), null))}
        />
      )}
    </section>
  );
}

function ImportRow({
  row,
  running,
  onImport,
  onDiscard,
  onPreview,
  onForce,
}: {
  readonly row: Row;
  readonly onForce: (forced: boolean) => void;
  readonly running: boolean;
  readonly onImport: () => void;
  readonly onDiscard: () => void;
  readonly onPreview: () => void;
}) {
  const { t } = useTranslation('import');
  const { item } = row;
  const invalid = isInvalid(row);
  const name = item.service ? `${item.service} (${item.account})` : item.account;
  return (
    <li className={`import-row import-${invalid ? 'invalid' : row.status}`}>
      <button
        type="button"
        className="import-main"
        disabled={invalid || row.status === 'imported'}
        onClick={onPreview}
      >
        {/* Named by its purpose; what shows is the same words, so it is hidden from the name. */}
        <span className="visually-hidden">{t('preview', { name })}</span>
        <AccountIcon account={item} size={36} />
        <span className="account-text" aria-hidden="true">
          <span className="account-service">{item.service ?? t('noIssuer')}</span>
          <span className="account-name">{item.account}</span>
          {item.group && <span className="import-group">{t('groupProposal', { group: item.group })}</span>}
        </span>
      </button>
      <span className="import-state">
        {invalid ? (
          <span className="import-message import-error">{item.secret}</span>
        ) : row.status === 'imported' ? (
          <span className="import-message import-ok">{t('imported')}</span>
        ) : row.status === 'failed' ? (
          <span className="import-message import-error">{row.error ?? t('failed')}</span>
        ) : (
          isDuplicate(row) && (
            <>
              <span className="import-message import-warning">{t('duplicate')}</span>
              <label className="import-force">
                <input
                  type="checkbox"
                  checked={row.forced === true}
                  disabled={running}
                  onChange={(event) => onForce(event.target.checked)}
                />
                {t('importAnyway')}
                <span className="visually-hidden"> ({name})</span>
              </label>
            </>
          )
        )}
      </span>
      {row.status !== 'imported' && (
        <span className="import-tools">
          {!invalid && (
            <button
              type="button"
              className="button button-small"
              disabled={running}
              onClick={onImport}
              aria-label={t('importNamed', { name })}
            >
              {row.status === 'failed' ? t('retry') : t('import')}
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            disabled={running}
            onClick={onDiscard}
            aria-label={t('discardNamed', { name })}
          >
            {t('discard')}
          </button>
        </span>
      )}
    </li>
  );
}
