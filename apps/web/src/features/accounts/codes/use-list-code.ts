import {
  canComputeInBrowser,
  periodOf as periodOfType,
  webTotpCodes,
  type WebTotpCodes,
} from '@twofold/otp/browser';
import { useEffect, useState } from 'react';
import type { Account } from '../../../entities/account/account.api';
import { serverNow, useStep } from '../../../ui/clock';

/** The period of a time-based account (the domain's rule: Steam is always 30 s). */
export function periodOf(account: Pick<Account, 'otp_type' | 'period'>): number {
  return periodOfType(account.otp_type, account.period);
}

/** Whether the list can show this account's code: time-based, secret known, Web Crypto algorithm. */
export function listable(account: Account | undefined): account is Account & { secret: string } {
  return account?.secret !== undefined && canComputeInBrowser(account);
}

/** This step's code and the next one's, from the account's secret (the codes `webTotpCodes` gives). */
export function currentCodes(account: Account & { secret: string }): Promise<WebTotpCodes | null> {
  return webTotpCodes(account, serverNow() / 1000);
}

/**
 * The code of an account for the current time step, computed in the browser; the row re-renders
 * once per period. At a step change the code computed as `next_password` shows at once while the
 * new pair is computed.
 */
export function useListCode(
  account: Account & { secret: string },
): { readonly password: string; readonly next?: string } | null {
  const period = periodOf(account);
  const step = useStep(period);
  const [codes, setCodes] = useState<WebTotpCodes | null>(null);
  useEffect(() => {
    let live = true;
    void webTotpCodes(account, step * period).then((computed) => {
      if (live) setCodes(computed);
    });
    return () => {
      live = false;
    };
  }, [account, period, step]);
  if (!codes) return null;
  if (codes.step === step) return { password: codes.password, next: codes.next_password };
  if (codes.step + 1 === step) return { password: codes.next_password };
  return null;
}
