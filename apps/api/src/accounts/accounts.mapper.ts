import type { Static } from 'typebox';
import type { AppKeys } from '../config/app-key.js';
import type { IconStore } from '../images/icon-store.js';
import { openFields } from '../crypto/account-fields.js';
import type { AccountRecord } from './accounts.queries.js';
import type { EmbeddedOtp as EmbeddedOtpSchema } from './accounts.schemas.js';
import type { AccountExtras } from './account-extras.js';

/** An account row with its sensitive fields decrypted (or marked), as the service works with it. */
export interface AccountView {
  readonly id: number;
  readonly group_id: number | null;
  readonly otp_type: string;
  readonly account: string;
  readonly service: string | null;
  readonly icon: string | null;
  readonly secret: string;
  readonly digits: number;
  readonly algorithm: string;
  readonly period: number | null;
  readonly counter: number | null;
  /** The original otpauth URI (null for accounts created from parameters). */
  readonly uri: string | null;
  /** Some field could not be decrypted. */
  readonly indecipherable: boolean;
  /** The secret (and so the OTP) is usable. */
  readonly secretReadable: boolean;
  readonly uriReadable: boolean;
  readonly favorite: boolean;
  /** The place among the favourites (null when not starred). */
  readonly favorite_order: number | null;
}

export function toView(keys: AppKeys, row: AccountRecord, encrypted: boolean): AccountView {
  const opened = openFields(keys, row.id, row, encrypted);
  return {
    id: row.id,
    group_id: row.group_id,
    otp_type: row.otp_type,
    account: opened.fields.account,
    service: opened.fields.service,
    icon: row.icon,
    secret: opened.fields.secret,
    digits: row.digits,
    algorithm: row.algorithm,
    period: row.period,
    counter: row.counter === null ? null : Number(row.counter),
    uri: opened.fields.uri,
    indecipherable: opened.failed.length > 0,
    secretReadable: !opened.failed.includes('secret'),
    uriReadable: opened.failed.length === 0,
    favorite: row.favorite,
    favorite_order: row.favorite_order,
  };
}

/** What a write stored, as a view: its fields are the clear values written, nothing to decrypt. */
export function writtenView(
  written: Omit<AccountView, 'indecipherable' | 'secretReadable' | 'uriReadable'>,
): AccountView {
  return { ...written, indecipherable: false, secretReadable: true, uriReadable: true };
}

/** The codes a list embeds (`withOtp`), as the response schema defines them. */
export type EmbeddedOtp = Static<typeof EmbeddedOtpSchema>;

/** The TwoFAccount read shape: what leaves the server, key by key (an icon whose file is gone reads as none). */
export function toRead(
  icons: Pick<IconStore, 'exists'>,
  view: AccountView,
  options: {
    withSecret: boolean;
    otp?: EmbeddedOtp | undefined;
    withExtras?: boolean;
    /** The account's tags, recovery counts and note flag, when the caller has them at hand. */
    extras?: AccountExtras | undefined;
  },
) {
  return {
    id: view.id,
    group_id: view.group_id,
    otp_type: view.otp_type,
    account: view.account,
    service: view.service,
    icon: icons.exists(view.icon) ? view.icon : null,
    ...(options.withSecret ? { secret: view.secret } : {}),
    digits: view.digits,
    algorithm: view.algorithm,
    period: view.period,
    counter: view.counter,
    ...(options.otp ? { otp: options.otp } : {}),
    ...(view.indecipherable ? { indecipherable: true } : {}),
    ...(options.withExtras ? accountExtras(view) : {}),
    ...options.extras,
  };
}

export type AccountRead = ReturnType<typeof toRead>;

/**
 * Twofold's own account fields, answered only when the request asks for them (`withExtras`):
 * 2FAuth clients never meet a field they did not ask for. The favourite fields are written for
 * favourites only (absent = not starred): on a list of 1,000 accounts, mostly not starred, that
 * keeps the answer as light as before.
 */
export function accountExtras(view: Pick<AccountView, 'favorite' | 'favorite_order'>): {
  favorite?: true;
  favorite_order?: number | null;
} {
  return view.favorite ? { favorite: true, favorite_order: view.favorite_order } : {};
}
