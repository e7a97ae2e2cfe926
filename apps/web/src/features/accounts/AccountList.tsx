import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import type { AccountSettings } from '../../entities/settings/account-settings';
import { AccountContent } from './AccountIcon';
import { OtpModal } from './OtpModal';

interface AccountListProps {
  readonly accounts: readonly Account[];
  readonly settings: AccountSettings;
}

/** The accounts as a list or a grid; a click shows the account's code. */
export function AccountList({ accounts, settings }: AccountListProps) {
  const { t } = useTranslation('accounts');
  const [otpAccount, setOtpAccount] = useState<Account | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const openAccount = (account: Account) => {
    setOpenCount((count) => count + 1);
    setOtpAccount(account);
  };
  const closeOtp = useCallback(() => setOtpAccount(null), []);

  return (
    <>
      <ul className={`accounts accounts-${settings.displayMode}`} aria-label={t('list.title')}>
        {accounts.map((account) => (
          <li key={account.id} className="account">
            <button type="button" className="account-main" onClick={() => openAccount(account)}>
              <AccountContent account={account} showIcon={settings.showAccountsIcons} />
            </button>
          </li>
        ))}
      </ul>
      <OtpModal account={otpAccount} openCount={openCount} onClose={closeOtp} />
    </>
  );
}
