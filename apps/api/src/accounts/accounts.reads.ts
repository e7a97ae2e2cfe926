import type { Deps } from '../shared/deps.js';
import { unixSeconds } from '../clock.js';
import { errors } from '../http/errors.js';
import { isTruthy } from '../http/common.schemas.js';
import { cacheSlot } from '../cache/app-caches.js';
import { toRead, toView, type AccountRead, type AccountView, type EmbeddedOtp } from './accounts.mapper.js';
import { readAccount, readAccounts, type AccountLookup } from './accounts.queries.js';
import { timedCodes } from './otp.js';
import { extrasOf, type AccountExtras } from './account-extras.js';
import type { KeptText } from '../http/compression.js';
import type { LoggedCode } from '../code-log/code-log.writer.js';
import { pageEnvelope, type PageRequest } from './account-pages.js';

/** Which optional fields a read answers with. */
export interface ReadFlags {
  readonly withSecret: boolean;
  readonly withOtp: boolean;
  /** Twofold's own fields (account-extras.ts). */
  readonly withExtras: boolean;
}

export function collectionFlags(query: Record<string, unknown>): ReadFlags {
  return {
    withSecret: isTruthy(query.withSecret),
    withOtp: 'withOtp' in query,
    withExtras: isTruthy(query.withExtras),
  };
}

/** One account's flags: the secret unless `withSecret` is falsy (never when `secretAllowed` is false). */
export function singleFlags(query: Record<string, unknown>, secretAllowed = true): ReadFlags {
  const withSecret = secretAllowed && (!('withSecret' in query) || isTruthy(query.withSecret));
  return { withSecret, withOtp: 'withOtp' in query, withExtras: isTruthy(query.withExtras) };
}

/** The codes a list embeds (`withOtp`): none for HOTP (reading must not spend a counter). */
function embeddedOtp(view: AccountView, now: number): EmbeddedOtp | undefined {
  if (view.otp_type === 'hotp' || !view.secretReadable) return undefined;
  try {
    const codes = timedCodes(view, now);
    return { password: codes.password, generated_at: now, next_password: codes.next_password };
  } catch {
    return undefined;
  }
}

/** Every account decrypted (manual order), by id, and serialised list answers. */
export interface AccountsSnapshot {
  readonly views: readonly AccountView[];
  readonly byId: ReadonlyMap<number, AccountView>;
  readonly lists: Map<string, KeptText>;
}

/**
 * Serialised list answers kept per snapshot, bounded in number and in size (a list `withOtp` is a
 * new entry every second, 2.4 MB with 10,000 accounts); the oldest go first. Each keeps its
 * compressed copies too (a fifth of the text or less), counted with it.
 */
const LIST_ENTRIES = 16;
const LIST_CHARS = 4 * 1024 * 1024;

function keepListText(lists: Map<string, KeptText>, key: string, text: string): KeptText {
  const fresh: KeptText = { text, encoded: new Map() };
  let chars = text.length;
  for (const kept of lists.values()) chars += kept.text.length;
  for (const [oldKey, old] of lists) {
    if (lists.size < LIST_ENTRIES && chars <= LIST_CHARS) break;
    lists.delete(oldKey);
    chars -= old.text.length;
  }
  if (text.length <= LIST_CHARS) lists.set(key, fresh);
  return fresh;
}

const snapshotSlot = cacheSlot<AccountsSnapshot>('accounts', 'decrypted accounts');

/**
 * Every account, decrypted, in the manual order, kept in the caches: every write to the accounts
 * (and to `useEncryption`) invalidates it (cache/invalidate-on-write.ts), so reads need no database round trip.
 */
export async function snapshot(deps: Deps): Promise<AccountsSnapshot> {
  const cached = deps.caches.get(snapshotSlot);
  if (cached) return cached;
  const ticket = deps.caches.ticket('accounts');
  const { rows, encrypted } = await readAccounts(deps.db);
  const views = rows.map((row) => toView(deps.keys, row, encrypted));
  const fresh: AccountsSnapshot = {
    views,
    byId: new Map(views.map((view) => [view.id, view])),
    lists: new Map(),
  };
  return deps.caches.store(snapshotSlot, fresh, ticket);
}

/** Accounts in the manual order (list, group accounts, export, duplicate checks); unknown ids skipped. */
export async function accountViews(
  deps: Deps,
  filter: { ids?: readonly number[]; groupId?: number } = {},
): Promise<readonly AccountView[]> {
  let views = (await snapshot(deps)).views;
  if (filter.ids) {
    const wanted = new Set(filter.ids);
    views = views.filter((view) => wanted.has(view.id));
  }
  if (filter.groupId !== undefined) views = views.filter((view) => view.group_id === filter.groupId);
  return views;
}

/** A list of accounts (list, group accounts): one clock read for every embedded OTP. */
export async function listAccounts(
  deps: Deps,
  filter: { ids?: readonly number[]; groupId?: number },
  flags: ReadFlags,
): Promise<AccountRead[]> {
  const views = await accountViews(deps, filter);
  const now = unixSeconds(deps.clock);
  return views.map((view) => {
    return toRead(deps.icons, view, {
      withSecret: flags.withSecret,
      otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
      withExtras: flags.withExtras,
    });
  });
}

/** The accounts of the whole list that carry a code with `withOtp` (the code log's entries). */
export async function listedCodes(deps: Deps): Promise<LoggedCode[]> {
  const { views } = await snapshot(deps);
  return views
    .filter((view) => view.otp_type !== 'hotp' && view.secretReadable)
    .map((view) => ({
      accountId: view.id,
      otpType: view.otp_type,
      counter: null,
      service: view.service,
      account: view.account,
    }));
}

const extrasSlot = cacheSlot<(id: number) => AccountExtras>('extras', 'account extras');

/**
 * Every account's extras, read on first use and kept until a write to their own tables (tags,
 * notes, recovery codes): a write to the accounts alone rebuilds the list without reading them
 * again. Extras of an account gone since are never asked for.
 */
async function cachedExtras(deps: Deps): Promise<(id: number) => AccountExtras> {
  const cached = deps.caches.get(extrasSlot);
  if (cached) return cached;
  const ticket = deps.caches.ticket('extras');
  return deps.caches.store(extrasSlot, await extrasOf(deps.db), ticket);
}

/**
 * `GET /api/v1/twofaccounts` without ids, serialised by `serialize` (the route's schema): the text is
 * kept with the accounts snapshot per flags, icon files and (embedded OTPs) second.
 */
export async function listAccountsText(
  deps: Deps,
  flags: ReadFlags,
  serialize: (list: AccountRead[]) => string,
): Promise<KeptText> {
  const snap = await snapshot(deps);
  const { lists, views } = snap;
  const now = unixSeconds(deps.clock);
  const key = `${flags.withSecret ? 1 : 0}${flags.withExtras ? 1 : 0}${flags.withOtp ? `1:${now}` : 0}:${deps.icons.version}`;
  const cached = lists.get(key);
  if (cached !== undefined) return cached;
  const extras = flags.withExtras ? await cachedExtras(deps) : undefined;
  const text = serialize(
    views.map((view) =>
      toRead(deps.icons, view, {
        withSecret: flags.withSecret,
        otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
        withExtras: flags.withExtras,
        extras: extras?.(view.id),
      }),
    ),
  );
  return keepListText(lists, key, text);
}

/**
 * One page of the whole list (`page[number]`, `page[size]`), cut from the kept snapshot as the whole
 * list is, so a write shows in the next page read; the list's kept texts are left as they are.
 */
export async function listPage(
  deps: Deps,
  flags: ReadFlags,
  page: PageRequest,
  request: { path: string; query: Record<string, unknown> },
) {
  const { views } = await snapshot(deps);
  const envelope = pageEnvelope(views, page, request.path, request.query);
  const now = unixSeconds(deps.clock);
  const extras = flags.withExtras ? await cachedExtras(deps) : undefined;
  const data = envelope.data.map((view) =>
    toRead(deps.icons, view, {
      withSecret: flags.withSecret,
      otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
      withExtras: flags.withExtras,
      extras: extras?.(view.id),
    }),
  );
  return { ...envelope, data };
}

export async function findView(deps: Deps, id: number, lookup: AccountLookup = {}): Promise<AccountView> {
  const { row, encrypted } = await readAccount(deps.db, id, lookup);
  if (!row) throw errors.notFound();
  return toView(deps.keys, row, encrypted);
}

/** One account read from the database (not the snapshot): writes answer what they stored. */
export async function showAccount(
  deps: Deps,
  id: number,
  flags: ReadFlags,
  lookup: AccountLookup = {},
): Promise<AccountRead> {
  const view = await findView(deps, id, lookup);
  const now = unixSeconds(deps.clock);
  return toRead(deps.icons, view, {
    withSecret: flags.withSecret,
    otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
    withExtras: flags.withExtras,
  });
}
