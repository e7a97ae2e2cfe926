import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/account/account.api';
import { useSetFavorite } from '../../../entities/account/account.mutations';
import './favorite-star.css';

/** The star of a row: favourites come first in the list. */
export function FavoriteStar({ account, name }: { account: Account; name: string }) {
  const { t } = useTranslation('accounts');
  const star = useSetFavorite();
  const on = account.favorite === true;
  return (
    <button
      type="button"
      className={`icon-button favorite-star${on ? ' favorite-on' : ''}`}
      aria-pressed={on}
      aria-label={on ? t('list.removeFavorite', { name }) : t('list.addFavorite', { name })}
      disabled={star.isPending}
      onClick={() => star.mutate({ id: account.id, favorite: !on })}
    >
      <span aria-hidden="true">{on ? '★' : '☆'}</span>
    </button>
  );
}
