import { useTranslation } from 'react-i18next';
import './spinner.css';

export function Spinner({ label }: { readonly label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="spinner" role="status">
      <span className="spinner-ring" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </div>
  );
}
