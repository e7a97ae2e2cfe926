import { unwrap } from './errors.js';
import type { TwofoldClient } from './client.js';
import type { Account, AccountPage } from './types.js';

export interface ReadOptions {
  /** Adds the current (and next) code to each TOTP and Steam account; HOTP accounts never get one. */
  readonly withOtp?: boolean | undefined;
  /** Lists leave secrets out unless `true`; a single account has its secret unless `false`. */
  readonly withSecret?: boolean | undefined;
  /** Twofold's own account fields (favourite, tags, recovery-code counts, has_note); 2FAuth clients never ask. */
  readonly withExtras?: boolean | undefined;
}

export interface ListOptions extends ReadOptions {
  /** Only these accounts (unknown ids are skipped). */
  readonly ids?: readonly number[] | undefined;
}

export interface PageOptions extends ReadOptions {
  /** The page, from 1. */
  readonly number: number;
  /** Accounts per page, 1 to 1000 (the server's default: 20). */
  readonly size?: number | undefined;
}

/**
 * The wire takes `withOtp`/`withSecret` as strings: `withOtp` counts when present whatever its
 * value, `withSecret` is read as truthy (`1`) or falsy (`0`). Booleans map onto that without
 * changing the wire: `withOtp: false` leaves the parameter out.
 */
export function readQuery(options: ReadOptions): {
  withOtp?: string;
  withSecret?: string;
  withExtras?: string;
} {
  return {
    ...(options.withOtp ? { withOtp: '1' } : {}),
    ...(options.withExtras ? { withExtras: '1' } : {}),
    ...(options.withSecret === undefined ? {} : { withSecret: options.withSecret ? '1' : '0' }),
  };
}

export function idList(ids: readonly number[] | undefined): { ids?: string } {
  return ids === undefined ? {} : { ids: ids.join(',') };
}

/** The accounts list as asked without a page: the list itself (a page's accounts otherwise). */
export function wholeList(answer: Account[] | AccountPage): Account[] {
  return Array.isArray(answer) ? answer : answer.data;
}

/** The accounts list, whole or one page of it (as 2FAuth paginates it). */
export function accountLists(client: TwofoldClient) {
  return {
    list: async (list: ListOptions = {}): Promise<Account[]> =>
      wholeList(
        await unwrap(
          client.GET('/api/v1/twofaccounts', {
            params: { query: { ...idList(list.ids), ...readQuery(list) } },
          }),
        ),
      ),
    page: async (page: PageOptions): Promise<AccountPage> => {
      const size = page.size === undefined ? {} : { 'page[size]': String(page.size) };
      const query = { ...readQuery(page), 'page[number]': String(page.number), ...size };
      const answer = await unwrap(client.GET('/api/v1/twofaccounts', { params: { query } }));
      if (Array.isArray(answer)) throw new TypeError('The server answered the whole list, not a page');
      return answer;
    },
  };
}
