import { orderByUse, type Account } from '@twofold/contract';
import type { Context } from '../connect.js';
import { CliError, ExitCode } from '../exit.js';
import { copyToClipboard, printJson } from '../io.js';

/** An account as printed for scripts: lists never carry secrets unless asked; strip them anyway. */
export function withoutSecret<T extends { secret?: unknown }>(account: T): Omit<T, 'secret'> {
  const { secret: _secret, ...rest } = account;
  return rest;
}

/** How the tool names an account: `service:account`, or the account alone. */
export function label(account: Account): string {
  return account.service ? `${account.service}:${account.account}` : account.account;
}

/** Aligned columns for people; `--json` for scripts. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function accountsOf(ctx: Context, groupName: string | undefined): Promise<Account[]> {
  if (groupName === undefined) return ctx.twofold.accounts.list({ withExtras: true });
  const groups = await ctx.twofold.groups.list();
  const wanted = groupName.toLowerCase();
  const group = groups.find((g) => g.id > 0 && g.name.toLowerCase() === wanted);
  if (!group) {
    const names = groups.filter((g) => g.id > 0).map((g) => g.name);
    throw new CliError(
      `No group named "${groupName}"${names.length ? ` (groups: ${names.join(', ')})` : ''}.`,
    );
  }
  // The whole list (with the favourites) read once, kept to the group's accounts.
  const accounts = await ctx.twofold.accounts.list({ withExtras: true });
  return accounts.filter((account) => account.group_id === group.id);
}

/** The orders of `ls --sort`: the last read first, the most read first (the server's window), or A→Z. */
export const LIST_SORTS = ['recent', 'used', 'name'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** The accounts in the order asked for (the manual order by default); sorted, favourites first. */
async function sorted(ctx: Context, accounts: Account[], sort: ListSort | undefined): Promise<Account[]> {
  if (sort === undefined) return accounts;
  if (sort === 'name') {
    const key = (a: Account) => `${a.service ?? ''}\u0000${a.account}`.toLowerCase();
    const byName = accounts.filter((a) => a.favorite !== true).sort((a, b) => key(a).localeCompare(key(b)));
    return [...accounts.filter((a) => a.favorite === true), ...byName];
  }
  return orderByUse(accounts, await ctx.twofold.accounts.usage(), sort);
}

export async function listAccounts(
  ctx: Context,
  options: { group?: string; json?: boolean; sort?: ListSort },
): Promise<void> {
  const accounts = await sorted(ctx, await accountsOf(ctx, options.group), options.sort);
  if (options.json) {
    printJson(accounts.map(withoutSecret));
    return;
  }
  if (accounts.length === 0) {
    process.stderr.write('No accounts.\n');
    return;
  }
  // In the manual order unless sorted; favourites starred.
  const rows = accounts.map((a) => [
    a.favorite ? '★' : '',
    String(a.id),
    a.service ?? '',
    a.account,
    a.otp_type,
    (a.tags ?? []).join(', '),
  ]);
  process.stdout.write(`${table([['', 'ID', 'SERVICE', 'ACCOUNT', 'TYPE', 'TAGS'], ...rows])}\n`);
}

/**
 * The accounts a search names: its id, else those whose "service:account" contains it (any
 * letter case); among several, one whose service, account or "service:account" equals the
 * search exactly wins, else the one favourite among them.
 */
export function matchAccounts(accounts: readonly Account[], search: string): Account[] {
  const needle = search.trim().toLowerCase();
  if (/^\d+$/.test(needle)) {
    const byId = accounts.filter((a) => a.id === Number(needle));
    if (byId.length > 0) return byId;
  }
  const found = accounts.filter((a) => label(a).toLowerCase().includes(needle));
  if (found.length <= 1) return found;
  const exact = found.filter((a) =>
    [a.service ?? '', a.account, label(a)].some((text) => text.toLowerCase() === needle),
  );
  if (exact.length === 1) return exact;
  const favorites = found.filter((a) => a.favorite === true);
  return favorites.length === 1 ? favorites : found;
}

export async function printCode(
  ctx: Context,
  search: string,
  options: { copy?: boolean; next?: boolean; json?: boolean },
): Promise<void> {
  const matches = matchAccounts(await ctx.twofold.accounts.list({ withExtras: true }), search);
  if (matches.length === 0) throw new CliError(`No account matches "${search}".`);
  if (matches.length > 1) {
    const rows = matches.map((a) => `  ${a.id}  ${label(a)}`).join('\n');
    throw new CliError(
      `${matches.length} accounts match "${search}"; name one exactly or by its id:\n${rows}`,
      ExitCode.ambiguous,
    );
  }
  const account = matches[0] as Account;
  const otp = await ctx.twofold.accounts.otp(account.id);
  const next =
    'next_password' in otp && typeof otp.next_password === 'string' ? otp.next_password : undefined;
  if (options.next && next === undefined) process.stderr.write('A HOTP account has no next code.\n');
  const line = options.next && next !== undefined ? `${otp.password} ${next}` : otp.password;
  if (options.json) {
    // With --copy the code goes to the clipboard only, never into the printed document.
    if (options.copy) await copyToClipboard(otp.password);
    const { password, next_password: _next, ...rest } = otp as typeof otp & { next_password?: string };
    const codes = options.copy
      ? { copied: true }
      : { password, ...(next === undefined ? {} : { next_password: next }) };
    printJson({
      account: { id: account.id, service: account.service, account: account.account },
      ...rest,
      ...codes,
    });
    return;
  }
  if (options.copy) {
    await copyToClipboard(otp.password);
    process.stderr.write(`Code of ${label(account)} copied to the clipboard.\n`);
    if (options.next && next !== undefined) process.stdout.write(`${next}\n`);
    return;
  }
  process.stdout.write(`${line}\n`);
}
