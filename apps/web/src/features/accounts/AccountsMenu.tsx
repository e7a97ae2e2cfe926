import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/**
 * The accounts screen's "More" menu: the screens reached from the list but not part of it.
 * Loaded when first wanted (MoreButton), it opens at once then.
 */
export default function AccountsMenu() {
  const { t } = useTranslation('accounts');
  return (
    <Menu.Root defaultOpen>
      <Menu.Trigger className="button">{t('list.more')}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={4}>
          <Menu.Item asChild className="menu-item">
            <Link to="/account/import">{t('list.import')}</Link>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <Link to="/groups">{t('list.groups')}</Link>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <Link to="/tags">{t('list.tags')}</Link>
          </Menu.Item>
          <Menu.Item asChild className="menu-item">
            <Link to="/trash">{t('list.trash')}</Link>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
