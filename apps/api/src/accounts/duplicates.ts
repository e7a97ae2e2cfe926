import { canonicalSecret } from '@twofold/otp';
import type { Deps } from '../shared/deps.js';
import { accountViews } from './accounts.reads.js';
import type { AccountView } from './accounts.mapper.js';

/*
 * What makes an account a duplicate of a stored one. The import flags a row that repeats an
 * account field for field (same secret, service, account, type, digits and algorithm); the account
 * form warns on the same secret for the same type, whatever the names (the same second factor
 * added twice). Trashed accounts are not stored accounts here (accountViews skips them).
 */

/** The import's key: two rows with the same key are the same account. */
export const duplicateKey = (row: {
  secret: string;
  service: string | null;
  account: string;
  otp_type: string;
  digits: number;
  algorithm: string;
}) => JSON.stringify([row.secret, row.service ?? '', row.account, row.otp_type, row.digits, row.algorithm]);

/** Stored accounts with this type and secret (spaces, padding and letter case ignored). */
export async function sameSecretAccounts(
  deps: Deps,
  wanted: { otp_type: string; secret: string },
): Promise<Pick<AccountView, 'id' | 'service' | 'account'>[]> {
  const secret = canonicalSecret(wanted.secret);
  const type = wanted.otp_type.toLowerCase();
  return (await accountViews(deps))
    .filter(
      (view) => view.secretReadable && view.otp_type === type && canonicalSecret(view.secret) === secret,
    )
    .map((view) => ({ id: view.id, service: view.service, account: view.account }));
}
