import { useTranslation } from 'react-i18next';
import './offline.css';

/** Says where the codes come from while the server cannot be reached. */
export function OfflineBanner({ refreshedAt }: { readonly refreshedAt: number }) {
  const { t, i18n } = useTranslation('offline');
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <p className="offline-banner" role="status">
      {t('banner', { date: date.format(new Date(refreshedAt)) })}
    </p>
  );
}
