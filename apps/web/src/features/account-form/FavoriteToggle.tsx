import { useTranslation } from 'react-i18next';

/** The account's star: a toggle button, pressed when the account is a favourite. */
export function FavoriteToggle({
  favorite,
  onChange,
}: {
  readonly favorite: boolean;
  readonly onChange: (favorite: boolean) => void;
}) {
  const { t } = useTranslation('accountForm');
  return (
    <button
      type="button"
      className="button favorite-toggle"
      aria-pressed={favorite}
      onClick={() => onChange(!favorite)}
    >
      <span aria-hidden="true">{favorite ? '★' : '☆'}</span> {t('extras.favorite')}
    </button>
  );
}
