import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { nativeSettings } from '@twofold/otp/browser';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { saveSetting, storeSavedSetting } from '../../entities/settings/settings.api';

type SortBy = (typeof nativeSettings.sortBy.allowed)[number];
const SORT_LABELS = { manual: 'list.sortManual', recent: 'list.sortRecent', used: 'list.sortUsed' } as const;

/** The list's order (the `sortBy` preference): shown at once, then stored on the server. */
function useSortBy(): [SortBy, (value: string) => void] {
  const queryClient = useQueryClient();
  const { settings } = useAccountSettings();
  const choose = (value: string) => {
    storeSavedSetting(queryClient, { key: 'sortBy', value });
    void saveSetting('sortBy', value)
      .then((saved) => storeSavedSetting(queryClient, saved))
      .catch(() => storeSavedSetting(queryClient, { key: 'sortBy', value: settings.sortBy }));
  };
  return [settings.sortBy, choose];
}

/**
 * The accounts screen's "More" menu: the screens reached from the list but not part of it.
 * Loaded when first wanted (MoreButton), it opens at once then. Also the list's order: by hand,
 * recently used or most used (favourites first in each).
 */
export default function AccountsMenu() {
  const { t } = useTranslation('accounts');
  const [sortBy, chooseSortBy] = useSortBy();
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
          <Menu.Separator className="menu-separator" />
          <Menu.Label className="menu-label">{t('list.sortOrder')}</Menu.Label>
          <Menu.RadioGroup value={sortBy} onValueChange={chooseSortBy}>
            {nativeSettings.sortBy.allowed.map((value) => (
              <Menu.RadioItem key={value} value={value} className="menu-item menu-radio">
                <Menu.ItemIndicator className="menu-indicator">✓</Menu.ItemIndicator>
                {t(SORT_LABELS[value])}
              </Menu.RadioItem>
            ))}
          </Menu.RadioGroup>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
