import { useTranslation } from 'react-i18next';
import type { ImportResult } from './use-import-rows';

/** After 'Import all': how many were stored, left out (duplicates) and refused, and the way out. */
export function ImportResultNotice({
  result,
  onLeave,
}: {
  readonly result: ImportResult;
  readonly onLeave: () => void;
}) {
  const { t } = useTranslation('import');
  return (
    <div className="inline-notice import-summary" role="status">
      <span>{t('summary', { ...result })}</span>
      <a
        href="/accounts"
        className="button button-small button-primary"
        onClick={(event) => {
          event.preventDefault();
          onLeave();
        }}
      >
        {t('toAccounts')}
      </a>
    </div>
  );
}
