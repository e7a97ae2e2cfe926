import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import {
  createAccount,
  importMigrationFile,
  importMigrationUri,
  type ImportItem,
} from '../../entities/account/account.api';
import { refreshAccounts } from '../../entities/account/account.mutations';
import { paramsOtpQuery } from '../../entities/account/otp';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notify } from '../../ui/notify';
import { Spinner } from '../../ui/Spinner';
import { AccountIcon } from '../accounts/AccountIcon';
import { TestModal } from '../account-form/Modals';
import { toParams, valuesOf } from '../account-form/form-values';
import { HiddenFileInput } from '../../ui/HiddenFileInput';

type Item = ImportItem;
type Status = 'pending' | 'imported' | 'failed';

interface Row {
  readonly key: number;
  readonly item: Item;
  readonly status: Status;
  readonly error?: string;
}

/** Migration rows: id -1 = possible duplicate, -2 = cannot become an account. */
const isInvalid = (row: Row) => row.item.id === -2;
const isDuplicate = (row: Row) => row.item.id === -1;
const importable = (row: Row) => !isInvalid(row) && row.status !== 'imported';

const route = getRouteApi('/signed-in/account/import');

type Confirm = { kind: 'one'; key: number } | { kind: 'duplicates' } | { kind: 'all' } | null;

/** Accounts found in a Google Authenticator migration or an export file. */
export function ImportPage() {
  const { t } = useTranslation('import');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { migrationUri } = route.useSearch();
  const [rows, setRows] = useState<Row[]>([]);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [previewing, setPreviewing] = useState<Row | null>(null);
  const [running, setRunning] = useState(false);
  const imported = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const loaded = (items: Item[]) => {
    let next = 0;
    setRows(items.map((item) => ({ key: next++, item, status: 'pending' })));
    const valid = items.filter((item) => item.id !== -2).length;
    notify('success', t('found', { count: valid }));
  };
  const refused = (error: Error) => {
    if (isApiError(error, 400) || isApiError(error, 422)) {
      notify('warning', Object.values(isApiError(error) ? error.fieldErrors : {})[0]?.[0] ?? error.message);
    }
  };

  const fromUri = useMutation({
    mutationFn: importMigrationUri,
    meta: { handles: [400, 422] },
    onSuccess: loaded,
    onError: refused,
  });
  const fromFile = useMutation({
    mutationFn: importMigrationFile,
    meta: { handles: [400, 422] },
    onSuccess: loaded,
    onError: refused,
  });

  const { mutate: importUri } = fromUri;
  useEffect(() => {
    if (migrationUri) importUri(migrationUri);
  }, [importUri, migrationUri]);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const importRow = async (row: Row) => {
    update(row.key, { status: 'pending', error: undefined });
    try {
      await createAccount(toParams(valuesOf(row.item), row.item.icon));
      imported.current += 1;
      update(row.key, { status: 'imported' });
    } catch (error) {
      const message = isApiError(error)
        ? Object.values(error.fieldErrors).flat().join(' ') || error.message
        : t('failed');
      update(row.key, { status: 'failed', error: message });
    }
  };

  // One by one, in list order.
  const importAll = async () => {
    setRunning(true);
    for (const row of rows.filter(importable)) await importRow(row);
    setRunning(false);
    await refreshAccounts(queryClient);
  };

  const discard = (which: Confirm) => {
    if (!which) return;
    setRows((current) =>
      current.filter((row) => {
        if (which.kind === 'one') return row.key !== which.key;
        if (which.kind === 'duplicates') return !(isDuplicate(row) && row.status !== 'imported');
        return row.status === 'imported';
      }),
    );
  };

  const remaining = rows.filter(importable);
  const duplicates = rows.filter((row) => isDuplicate(row) && row.status !== 'imported');
  const busy = fromUri.isPending || fromFile.isPending;
  const leave = async () => {
    if (imported.current > 0) await refreshAccounts(queryClient);
    await navigate({ to: '/accounts', search: imported.current > 0 ? { toRefresh: true } : {} });
  };

  return (
    <section className="page narrow import-screen" aria-labelledby="import-title">
      <h1 id="import-title">{t('title')}</h1>
      <p className="lead">{t('legend')}</p>
      <div className="import-sources">
        <Link to="/capture" className="button">
          {t('scanMigration')}
        </Link>
        <button type="button" className="button" disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('uploadFile')}
        </button>
        <HiddenFileInput
          ref={fileInput}
          accept=".json,.txt,.csv,application/json,text/plain"
          onFile={(file) => fromFile.mutate(file)}
        />
      </div>
      {busy && <Spinner />}
      {rows.length > 0 && (
        <>
          <div className="import-bulk" role="toolbar" aria-label={t('bulk')}>
            <button
              type="button"
              className="button button-primary"
              disabled={running || remaining.length === 0}
              onClick={() => void importAll()}
            >
              {t('importAll', { count: remaining.length })}
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
}: {
  readonly row: Row;
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
        aria-label={t('preview', { name })}
      >
        <AccountIcon account={item} size={36} />
        <span className="account-text">
          <span className="account-service">{item.account}</span>
          <span className="account-name">{item.service ?? t('noIssuer')}</span>
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
          isDuplicate(row) && <span className="import-message import-warning">{t('duplicate')}</span>
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
