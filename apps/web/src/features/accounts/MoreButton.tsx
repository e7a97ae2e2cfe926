import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The menu (Radix dropdown and its positioning, ~25 KB) is not part of the first visit: a plain
// button stands in for its trigger, starts the download when the pointer or the focus reaches it,
// and hands over to the menu, open, when pressed.
const loadMenu = () => import('./AccountsMenu');
const AccountsMenu = lazy(loadMenu);
const prepare = () => void loadMenu();

/** The accounts screen's "More" button; its menu is loaded when first wanted. */
export function MoreButton() {
  const { t } = useTranslation('accounts');
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <button
      type="button"
      className="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-busy={wanted || undefined}
      onPointerEnter={prepare}
      onFocus={prepare}
      onClick={() => setWanted(true)}
      // Like the menu's own trigger: the down arrow opens it too.
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        setWanted(true);
      }}
    >
      {t('list.more')}
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <AccountsMenu />
    </Suspense>
  );
}
