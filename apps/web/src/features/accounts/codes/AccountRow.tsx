import { useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/account/account.api';
import type { NativeSettings } from '@twofold/otp/browser';
import { copyToClipboard } from '../../../ui/clipboard';
import { reportViewed } from '../../../entities/account/usage.api';
import { AccountContent } from '../../../entities/account/AccountIcon';
import { FavoriteStar } from './FavoriteStar';
import { ListCode } from './ListCode';
import { RecoveryBadge } from './RecoveryBadge';
import { TagChips } from './TagChips';
import { currentCodes } from './use-list-code';
import './codes.css';

interface AccountRowProps {
  readonly account: Account;
  /** The same account with its secret when the list shows its code (else a click opens it). */
  readonly coded: (Account & { secret: string }) | undefined;
  /** Codes are in the list but not this one's (HOTP, MD5): the row says a click shows it. */
  readonly onRequest?: boolean;
  readonly settings: NativeSettings;
  readonly onOpen: (account: Account) => void;
  readonly onCopied: () => void;
}

/**
 * One account of the list. With its code in the list a click (or Enter) copies the code; without,
 * it opens the account's code. Dotted codes get a reveal switch when the settings allow it.
 */
export const AccountRow = memo(function AccountRow({
  account,
  coded,
  onRequest = false,
  settings,
  onOpen,
  onCopied,
}: AccountRowProps) {
  const { t } = useTranslation('accounts');
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const name = account.service ?? account.account;

  const activate = async () => {
    if (!coded) return onOpen(account);
    const codes = await currentCodes(coded);
    if (!codes) return onOpen(account);
    reportViewed(queryClient, account.id);
    if (await copyToClipboard(codes.password, { copied: t('otp.copied'), failed: t('otp.copyFailed') }))
      onCopied();
  };

  return (
    <li className={`account${coded ? ' account-coded' : ''}`}>
      <button
        type="button"
        className="account-main"
        data-account-id={account.id}
        onClick={() => void activate()}
      >
        <AccountContent account={account} showIcon={settings.showAccountsIcons} />
        <TagChips account={account} />
        {onRequest && <span className="list-code-on-request">{t('list.codeOnRequest')}</span>}
        {coded && (
          <ListCode
            account={coded}
            dotted={settings.showOtpAsDot && !revealed}
            showNext={settings.showNextOtp}
          />
        )}
      </button>
      {coded && settings.showOtpAsDot && settings.revealDottedOTP && (
        <button
          type="button"
          className="icon-button reveal-button"
          aria-pressed={revealed}
          aria-label={t('list.reveal', { name })}
          onClick={() => setRevealed(!revealed)}
        >
          <span aria-hidden="true">{revealed ? '◡' : '◉'}</span>
        </button>
      )}
      <RecoveryBadge account={account} />
      <FavoriteStar account={account} name={name} />
    </li>
  );
});
