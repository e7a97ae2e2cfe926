import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import './offline.css';

/** A screen that cannot work from the device's copy (create, edit, import, settings...). */
export function NeedsServerScreen() {
  const { t } = useTranslation('offline');
  return (
    <section className="error-screen" aria-labelledby="needs-server-title">
      <h1 id="needs-server-title">{t('needsServer.title')}</h1>
      <p className="error-legend">{t('needsServer.legend')}</p>
      <Link to="/accounts" className="button button-primary">
        {t('needsServer.back')}
      </Link>
    </section>
  );
}
