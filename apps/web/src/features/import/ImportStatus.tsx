import { useTranslation } from 'react-i18next';

/** The batch's skipped count and notices, and the progress of 'Import all'. */
export function ImportStatus({
  summary,
  progress,
}: {
  readonly summary: { readonly skipped: number; readonly notices: readonly string[] };
  readonly progress: { readonly done: number; readonly total: number } | null;
}) {
  const { t } = useTranslation('import');
  return (
    <>
      {(summary.skipped > 0 || summary.notices.length > 0) && (
        <ul className="import-notices" aria-label={t('notices')}>
          {summary.skipped > 0 && <li>{t('skipped', { count: summary.skipped })}</li>}
          {summary.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      )}
      {progress && (
        <progress
          className="import-progress"
          aria-label={t('progress', { done: progress.done, total: progress.total })}
          value={progress.done}
          max={progress.total}
        />
      )}
    </>
  );
}
