import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the notice stays when nobody answers it. */
export const DATA_CHANGED_TIMEOUT = 60_000;

interface DataChangedNoticeProps {
  readonly onReload: () => Promise<void>;
}

/**
 * 'Some data have changed': the list on screen is the previous visit's and the server's differs.
 * It sits in the page's flow above the list, so it never covers a control; Reload asks the server
 * again and shows its lists, Dismiss keeps the list as it is, and it goes away by itself after a
 * minute.
 */
export function DataChangedNotice({ onReload }: DataChangedNoticeProps) {
  const { t } = useTranslation('accounts');
  const [open, setOpen] = useState(true);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOpen(false), DATA_CHANGED_TIMEOUT);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  return (
    <div className="inline-notice" role="status">
      <span>{t('list.dataChanged')}</span>
      <span className="inline-notice-actions">
        <button
          type="button"
          className="button button-small button-primary"
          disabled={reloading}
          onClick={() => void reload()}
        >
          {t('list.reload')}
        </button>
        <button type="button" className="button button-small" onClick={() => setOpen(false)}>
          {t('list.dismiss')}
        </button>
      </span>
    </div>
  );
}
