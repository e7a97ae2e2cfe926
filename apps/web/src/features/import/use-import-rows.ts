import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newIdempotencyKey } from '@twofold/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { type ImportItem } from '../../entities/account/account.api';
import {
  createImportedAccount,
  groupIdFor,
  PasswordNeeded,
  previewImport,
  previewMigrationUri,
  type ImportPreview,
  type ImportSource,
} from '../../entities/account/import.api';
import { refreshAccounts } from '../../entities/account/account.mutations';
import { notify } from '../../ui/notify';
import { toParams, valuesOf } from '../../entities/account/form-values';

type Item = ImportItem;
type Status = 'pending' | 'imported' | 'failed';

export interface Row {
  readonly key: number;
  /** The `Idempotency-Key` of the row's creation, the same on each try: it is never stored twice. */
  readonly idempotencyKey: string;
  readonly item: Item;
  readonly status: Status;
  readonly error?: string;
  /** A possible duplicate the person ticked: 'Import all' takes it too. */
  readonly forced?: boolean;
}

/** What the source kept beside the secret (tags, note, recovery codes, star), stored with the account. */
function extrasOf(item: Item) {
  return {
    ...(item.tags && item.tags.length > 0 ? { tags: item.tags } : {}),
    ...(item.websites && item.websites.length > 0 ? { websites: item.websites } : {}),
    ...(item.note ? { note: item.note } : {}),
    ...(item.recovery_codes && item.recovery_codes.length > 0 ? { recovery_codes: item.recovery_codes } : {}),
    ...(item.favorite ? { favorite: true } : {}),
  };
}

/** Migration rows: id -1 = possible duplicate, -2 = cannot become an account. */
export const isInvalid = (row: Row) => row.item.id === -2;
export const isDuplicate = (row: Row) => row.item.id === -1;
export const importable = (row: Row) => !isInvalid(row) && row.status !== 'imported';
/** What 'Import all' stores: the importable rows, less the duplicates nobody ticked. */
export const inImportAll = (row: Row) => importable(row) && (!isDuplicate(row) || row.forced === true);

/** The outcome of an 'Import all', shown once it is over. */
export interface ImportResult {
  readonly imported: number;
  readonly skipped: number;
  readonly failed: number;
}

/** An encrypted export waiting for its password (the source is resent with it). */
export interface PasswordPrompt {
  readonly source: ImportSource;
  readonly app: string;
  readonly reason: 'password_required' | 'account_key';
  /** The 422 message of a wrong password. */
  readonly error?: string;
}

/** The rows of a preview, each with its own idempotency key, kept across its tries. */
const toRows = (items: readonly Item[]): Row[] =>
  items.map((item, key) => ({ key, idempotencyKey: newIdempotencyKey(), item, status: 'pending' }));

export type Confirm = { kind: 'one'; key: number } | { kind: 'duplicates' } | { kind: 'all' } | null;

/** Whether a row stays when some are discarded (one, the duplicates, or all not yet imported). */
function keptAfterDiscard(row: Row, which: NonNullable<Confirm>): boolean {
  if (which.kind === 'one') return row.key !== which.key;
  if (which.kind === 'duplicates') return !(isDuplicate(row) && row.status !== 'imported');
  return row.status === 'imported';
}

/**
 * The rows of an import: read from a migration URI (at once when the route has one) or a file,
 * then stored one by one as accounts, each row keeping its outcome.
 */
export function useImportRows(migrationUri: string | undefined) {
  const { t } = useTranslation('import');
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [prompt, setPrompt] = useState<PasswordPrompt | null>(null);
  const [summary, setSummary] = useState<{ skipped: number; notices: string[] }>({
    skipped: 0,
    notices: [],
  });
  const imported = useRef(0);
  const [result, setResult] = useState<ImportResult | null>(null);

  const loaded = (items: Item[]) => {
    setRows(toRows(items));
    const valid = items.filter((item) => item.id !== -2).length;
    notify('success', t('found', { count: valid }));
  };
  const refused = (error: Error) => {
    if (isApiError(error, 400) || isApiError(error, 422)) {
      notify('warning', Object.values(isApiError(error) ? error.fieldErrors : {})[0]?.[0] ?? error.message);
    }
  };

  const fromUri = useMutation({
    mutationFn: previewMigrationUri,
    meta: { handles: [400, 422] },
    onSuccess: loaded,
    onError: refused,
  });
  const fromSource = useMutation({
    mutationFn: previewImport,
    meta: { handles: [400, 422] },
    onSuccess: (preview: ImportPreview) => {
      setPrompt(null);
      setSummary({ skipped: preview.skipped, notices: preview.notices });
      loaded(preview.rows);
    },
    onError: (error: Error, source: ImportSource) => {
      if (error instanceof PasswordNeeded) {
        setPrompt({ source, app: error.app, reason: error.reason });
      } else if (isApiError(error, 422) && error.fieldErrors.password) {
        const message = error.fieldErrors.password[0] ?? error.message;
        setPrompt((current) => (current ? { ...current, source, error: message } : current));
      } else refused(error);
    },
  });

  const { mutate: importUri } = fromUri;
  useEffect(() => {
    if (migrationUri) importUri(migrationUri);
  }, [importUri, migrationUri]);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const groups = useRef(new Map<string, number>());
  const importRow = async (row: Row): Promise<boolean> => {
    update(row.key, { status: 'pending', error: undefined });
    try {
      // The group the source proposes, created when missing.
      const group_id = await groupIdFor(queryClient, groups.current, row.item.group);
      const body = { ...toParams(valuesOf(row.item), row.item.icon), group_id, ...extrasOf(row.item) };
      await createImportedAccount(body, row.idempotencyKey);
      imported.current += 1;
      update(row.key, { status: 'imported' });
      return true;
    } catch (error) {
      const message = isApiError(error)
        ? Object.values(error.fieldErrors).flat().join(' ') || error.message
        : t('failed');
      update(row.key, { status: 'failed', error: message });
      return false;
    }
  };

  // One by one, in list order; the duplicates nobody ticked are left out, and counted.
  const importAll = async () => {
    setRunning(true);
    setResult(null);
    const todo = rows.filter(inImportAll);
    const skipped = rows.filter((row) => importable(row) && !inImportAll(row)).length;
    setProgress({ done: 0, total: todo.length });
    let stored = 0;
    for (const [index, row] of todo.entries()) {
      if (await importRow(row)) stored += 1;
      setProgress({ done: index + 1, total: todo.length });
    }
    setRunning(false);
    setProgress(null);
    setResult({ imported: stored, skipped, failed: todo.length - stored });
    await refreshAccounts(queryClient);
  };

  const force = (key: number, forced: boolean) => update(key, { forced });

  const discard = (which: Confirm) => {
    if (which) setRows((current) => current.filter((row) => keptAfterDiscard(row, which)));
  };

  return {
    rows,
    busy: fromUri.isPending || fromSource.isPending,
    running,
    progress,
    prompt,
    summary,
    load: (source: ImportSource) => fromSource.mutate(source),
    cancelPrompt: () => setPrompt(null),
    importRow,
    importAll,
    force,
    result,
    discard,
    /** Some row was stored: the accounts list has to be fetched again. */
    hasImported: () => imported.current > 0,
  };
}
