import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { accountSecretsQuery } from '../../entities/account/list-codes';
import type { NativeSettings } from '@twofold/otp/browser';
import { AccountRow } from './codes/AccountRow';
import { listable } from './codes/use-list-code';
import { moveBetweenAccounts } from './keyboard';
import { OtpModal } from './OtpModal';

interface AccountListProps {
  readonly accounts: readonly Account[];
  readonly settings: NativeSettings;
  /** After any code is copied, from the list or from the code window. */
  readonly onCopied: () => void;
  /** Up from the first account (the search field takes the focus). */
  readonly onLeaveTop: () => void;
}

/**
 * The accounts as a list or a grid. A click shows the account's code, or, when the settings put
 * the codes in the list (`getOtpOnRequest` off), copies the code the row shows. Those codes are
 * computed here from the secrets; HOTP accounts (and MD5 ones) still open on request.
 */
export function AccountList({ accounts, settings, onCopied, onLeaveTop }: AccountListProps) {
  const { t } = useTranslation('accounts');
  const codesInList = !settings.getOtpOnRequest;
  const { data: secrets } = useQuery({ ...accountSecretsQuery, enabled: codesInList });
  const [otpAccount, setOtpAccount] = useState<Account | null>(null);
  const [openCount, setOpenCount] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const lastOpened = useRef<number | null>(null);
  const openAccount = useCallback((account: Account) => {
    lastOpened.current = account.id;
    setOpenCount((count) => count + 1);
    setOtpAccount(account);
  }, []);
  const closeOtp = useCallback(() => setOtpAccount(null), []);
  // Closing the code window gives the focus back to its account.
  const returnFocus = useCallback(() => {
    const id = lastOpened.current;
    listRef.current?.querySelector<HTMLElement>(`.account-main[data-account-id="${String(id)}"]`)?.focus();
  }, []);
  // A copy from the list ends the session when auto-lock is 'on copy' (the code window does so itself).
  const navigate = useNavigate();
  const lockOnCopy = settings.kickUserAfter === -1;
  const rowCopied = useCallback(() => {
    onCopied();
    if (lockOnCopy) void navigate({ to: '/autolock' });
  }, [lockOnCopy, navigate, onCopied]);

  return (
    <>
      <ul
        className={`accounts accounts-${settings.displayMode}`}
        aria-label={t('list.title')}
        ref={listRef}
        onKeyDown={(event) => moveBetweenAccounts(event, onLeaveTop)}
      >
        {accounts.map((account) => {
          const withSecret = codesInList ? secrets?.get(account.id) : undefined;
          return (
            <AccountRow
              key={account.id}
              account={account}
              coded={listable(withSecret) ? withSecret : undefined}
              settings={settings}
              onOpen={openAccount}
              onCopied={rowCopied}
            />
          );
        })}
      </ul>
      <OtpModal
        account={otpAccount}
        openCount={openCount}
        onClose={closeOtp}
        onCopied={onCopied}
        returnFocus={returnFocus}
      />
    </>
  );
}
