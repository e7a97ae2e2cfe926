import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { accountSecretsQuery } from '../../entities/account/list-codes';
import { startOtp } from '../../entities/account/otp';
import { useLockOnCopy } from '../../lib/lock-on-copy';
import type { NativeSettings } from '@twofold/otp/browser';
import { AccountRow } from './codes/AccountRow';
import { listable } from './codes/use-list-code';
import { moveBetweenAccounts, type AccountIndex } from './keyboard';
import { useWindowedList } from './use-windowed-list';

// The code window (a Radix dialog) is downloaded when an account is first opened.
const loadOtpModal = () => import('./OtpModal');
const OtpModal = lazy(() => loadOtpModal().then((module) => ({ default: module.OtpModal })));

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
  const queryClient = useQueryClient();
  const openAccount = useCallback(
    (account: Account) => {
      // The code's request and the window's chunk load side by side, not one after the other.
      startOtp(queryClient, account.id);
      void loadOtpModal();
      lastOpened.current = account.id;
      setOpenCount((count) => count + 1);
      setOtpAccount(account);
    },
    [queryClient],
  );
  const closeOtp = useCallback(() => setOtpAccount(null), []);
  // Closing the code window gives the focus back to its account.
  const returnFocus = useCallback(() => {
    const id = lastOpened.current;
    listRef.current?.querySelector<HTMLElement>(`.account-main[data-account-id="${String(id)}"]`)?.focus();
  }, []);
  // A copy from the list ends the session when auto-lock is 'on copy' (the code window does so itself).
  const lockSession = useLockOnCopy();
  const rowCopied = useCallback(() => {
    onCopied();
    lockSession?.();
  }, [lockSession, onCopied]);

  const windowed = useWindowedList(accounts, listRef);
  const index = useAccountIndex(accounts, listRef, windowed.scrollToIndex);

  return (
    <>
      <ul
        className={`accounts accounts-${settings.displayMode}`}
        aria-label={t('list.title')}
        ref={listRef}
        style={windowed.style}
        onKeyDown={(event) => moveBetweenAccounts(event, onLeaveTop, index)}
      >
        {windowed.shown.map((account) => {
          const withSecret = codesInList ? secrets?.get(account.id) : undefined;
          const coded = listable(withSecret) ? withSecret : undefined;
          return (
            <AccountRow
              key={account.id}
              account={account}
              coded={coded}
              onRequest={withSecret !== undefined && coded === undefined}
              settings={settings}
              onOpen={openAccount}
              onCopied={rowCopied}
            />
          );
        })}
      </ul>
      {openCount > 0 && (
        <Suspense fallback={null}>
          <OtpModal
            account={otpAccount}
            openCount={openCount}
            onClose={closeOtp}
            onCopied={onCopied}
            returnFocus={returnFocus}
          />
        </Suspense>
      )}
    </>
  );
}

/** The accounts by index, for the arrow keys: the one to focus may not be rendered yet. */
function useAccountIndex(
  accounts: readonly Account[],
  listRef: RefObject<HTMLUListElement | null>,
  scrollToIndex: (index: number) => void,
): AccountIndex {
  return useMemo(() => {
    const position = new Map(accounts.map((account, at) => [account.id, at]));
    const element = (at: number) =>
      listRef.current?.querySelector<HTMLElement>(
        `.account-main[data-account-id="${String(accounts[at]?.id)}"]`,
      ) ?? null;
    return {
      count: accounts.length,
      indexOf: (target) => position.get(Number(target.dataset.accountId)) ?? -1,
      focus: (at) => {
        const rendered = element(at);
        if (rendered) return rendered.focus();
        scrollToIndex(at);
        // The window renders the account on the next frames.
        const tryFocus = (attempts: number) =>
          requestAnimationFrame(() => {
            const now = element(at);
            if (now) now.focus();
            else if (attempts > 0) tryFocus(attempts - 1);
          });
        tryFocus(10);
      },
    };
  }, [accounts, listRef, scrollToIndex]);
}
