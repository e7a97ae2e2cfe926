import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { canComputeInBrowser, webTotpCodes } from '@twofold/otp/browser';
import { api, unwrap } from '../../api/client';
import { deviceClockTrusted, serverNow } from '../../api/server-time';
import { vault } from '../data-source';
import { accountsQuery, type Account, type AccountParams, type Otp } from './account.api';
import { accountSecretsQuery } from './list-codes';
import { reportViewed, usageChanged } from './usage.api';

/** A code is only good for its period: fetched once per showing, forgotten when nobody shows it. */
const codeOptions = { staleTime: Infinity, gcTime: 0, retry: false } as const;

/** One key type for every code, so that one view can show any of them. */
const otpKey = (...parts: readonly unknown[]): QueryKey => ['otp', ...parts];

/** An account's time-based code for this device's clock, computed here (null: it cannot be). */
async function correctedOtp(
  id: number,
  listed: Account | undefined,
  secrets: ReadonlyMap<number, Account> | undefined,
): Promise<Otp | null> {
  // HOTP (and MD5) codes are the server's to give: no secret is fetched for them.
  if (!listed || !canComputeInBrowser(listed)) return null;
  const account = secrets?.get(id) ?? (await vault().account(id));
  if (typeof account.secret !== 'string' || !canComputeInBrowser(account)) return null;
  const codes = await webTotpCodes({ ...account, secret: account.secret }, serverNow() / 1000);
  if (!codes) return null;
  return {
    password: codes.password,
    next_password: codes.next_password,
    otp_type: account.otp_type,
    period: codes.period,
    generated_at: Math.floor(serverNow() / 1000),
  };
}

/**
 * The code of a stored account. Using an HOTP code advances the account's counter on the server,
 * so the listed account takes the new counter at once.
 */
export function otpQuery(id: number) {
  return queryOptions({
    queryKey: otpKey('account', id),
    queryFn: async ({ client }): Promise<Otp> => {
      // The server's clock is known to be wrong: its code would be too, so the code is computed
      // here for the corrected time, as the list does (time-based codes), from the secret the list
      // already holds or else the account's own.
      if (deviceClockTrusted()) {
        const listed = client.getQueryData(accountsQuery.queryKey)?.find((item) => item.id === id);
        const secrets = client.getQueryData(accountSecretsQuery.queryKey);
        const corrected = await correctedOtp(id, listed, secrets);
        if (corrected) {
          reportViewed(client, id);
          return corrected;
        }
      }
      const otp = await vault().otp(id);
      usageChanged(client);
      if (otp.otp_type === 'hotp' && otp.counter !== undefined) {
        client.setQueryData(accountsQuery.queryKey, (list) =>
          list?.map((item) => (item.id === id ? { ...item, counter: otp.counter ?? item.counter } : item)),
        );
      }
      return otp;
    },
    ...codeOptions,
  });
}

/** Long enough for a code window's own code (a chunk loaded on demand) to arrive and show it. */
const STARTED_CODE_KEPT_MS = 60_000;

/**
 * Starts a stored account's code for a code window about to open, in parallel with the window's
 * own code: a code kept from an earlier showing is dropped first (each opening shows a fresh one,
 * and an HOTP counter moves once per opening), then the request leaves at once. The window's view
 * (`otpQuery`, the same key) shows this answer rather than asking again.
 */
export function startOtp(client: QueryClient, id: number): void {
  const options = otpQuery(id);
  client.removeQueries({ queryKey: options.queryKey, exact: true });
  void client.prefetchQuery({ ...options, gcTime: STARTED_CODE_KEPT_MS });
}

/** A code from account parameters, nothing stored; `key` tells one test from the next. */
export function paramsOtpQuery(key: readonly unknown[], params: AccountParams) {
  const { icon: _icon, group_id: _group, ...body } = params;
  return queryOptions({
    queryKey: otpKey('params', ...key),
    queryFn: (): Promise<Otp> => unwrap(api.POST('/api/v1/twofaccounts/otp', { body })),
    ...codeOptions,
  });
}

/** A code from an otpauth URI, nothing stored. */
export function uriOtpQuery(uri: string) {
  return queryOptions({
    queryKey: otpKey('uri', uri),
    queryFn: (): Promise<Otp> => unwrap(api.POST('/api/v1/twofaccounts/otp', { body: { uri } })),
    ...codeOptions,
  });
}
