import type * as Websites from '@twofold/otp/websites';
import type { Executor } from '../db/database.js';
import { errors, type FieldError } from '../http/errors.js';
import { fieldError } from '../http/field-errors.js';

/*
 * An account's websites (Twofold only): the registrable domains where its codes are asked for,
 * which the browser extension compares with a page's. Normalised by `@twofold/otp/websites` (the
 * Public Suffix List, loaded on first use: it is large and most requests never need it).
 */

/** At most this many websites per account. */
export const MAX_WEBSITES = 20;

type WebsitesModule = typeof Websites;
let loaded: Promise<WebsitesModule> | undefined;
const websitesModule = () => (loaded ??= import('@twofold/otp/websites'));

/**
 * The websites to store for what a create or update sent (undefined: not sent, kept as stored),
 * or a 422 naming each entry that is no website (`websites.N`). Duplicates are stored once.
 */
export async function websitesInput(sent: readonly string[] | undefined, field = 'websites') {
  if (sent === undefined) return undefined;
  const { normaliseWebsite } = await websitesModule();
  const problems: FieldError[] = [];
  const domains = new Set<string>();
  sent.forEach((text, index) => {
    const domain = normaliseWebsite(text);
    if (domain === null) problems.push(fieldError(`${field}.${index}`, 'validation.website'));
    else domains.add(domain);
  });
  if (problems.length > 0) throw errors.validation(problems);
  return [...domains];
}

/**
 * The websites an imported file names, normalised: what names no website is left out and the list
 * is cut at `MAX_WEBSITES`, so a hand-edited file never makes its account's creation fail.
 */
export async function importedWebsites(sent: readonly string[]): Promise<string[]> {
  const { normaliseWebsite } = await websitesModule();
  const domains = new Set<string>();
  for (const text of sent) {
    const domain = normaliseWebsite(text);
    if (domain !== null) domains.add(domain);
  }
  return [...domains].slice(0, MAX_WEBSITES);
}

/** The field errors of a create's or update's `websites` (the extra check of its validation). */
export async function websiteErrors(raw: Record<string, unknown>, failed: ReadonlySet<string>) {
  const sent = raw.websites;
  if (!Array.isArray(sent) || [...failed].some((field) => field.startsWith('websites'))) return [];
  // The body's validator does not read `maxItems`: the limit is checked here.
  if (sent.length > MAX_WEBSITES)
    return [fieldError('websites', 'validation.max.numeric', { max: MAX_WEBSITES })];
  try {
    await websitesInput(sent.filter((item): item is string => typeof item === 'string'));
    return [];
  } catch (error) {
    return (error as { errors?: readonly FieldError[] }).errors ?? [];
  }
}

/** The one website of `POST …/websites` `{domain}`, normalised, or a 422 on `domain`. */
export async function oneWebsite(text: string): Promise<string> {
  const { normaliseWebsite } = await websitesModule();
  const domain = normaliseWebsite(text);
  if (domain === null) throw errors.invalidField('domain', 'validation.website');
  return domain;
}

/**
 * Adds a website to an account's list (nothing when it holds it already) and returns the list;
 * a 422 when it names no website or the list is full.
 */
export async function rememberWebsite(db: Executor, accountId: number, text: string): Promise<string[]> {
  const domain = await oneWebsite(text);
  const outcome = await addAccountWebsite(db, accountId, domain, MAX_WEBSITES);
  if (outcome === 'full') {
    throw errors.validation([fieldError('websites', 'validation.max.numeric', { max: MAX_WEBSITES })]);
  }
  return (await websitesByAccount(db, [accountId])).get(accountId) ?? [];
}

/** Replaces an account's websites by `domains`, in their order. */
export async function setAccountWebsites(db: Executor, accountId: number, domains: readonly string[]) {
  await db.deleteFrom('account_websites').where('twofaccount_id', '=', accountId).execute();
  if (domains.length === 0) return;
  await db
    .insertInto('account_websites')
    .values(domains.map((domain, position) => ({ twofaccount_id: accountId, domain, position })))
    .execute();
}

/** Adds one website at the end of an account's list; false when the list already holds it. */
export async function addAccountWebsite(db: Executor, accountId: number, domain: string, max: number) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('account_websites')
      .select(['domain', 'position'])
      .where('twofaccount_id', '=', accountId)
      .forUpdate()
      .execute();
    if (rows.some((row) => row.domain === domain)) return 'known' as const;
    if (rows.length >= max) return 'full' as const;
    const position = rows.reduce((last, row) => Math.max(last, row.position + 1), 0);
    await trx
      .insertInto('account_websites')
      .values({ twofaccount_id: accountId, domain, position })
      .execute();
    return 'added' as const;
  });
}

/** The websites of the given accounts (every account when `ids` is undefined), in their order. */
export async function websitesByAccount(db: Executor, ids?: readonly number[]) {
  if (ids !== undefined && ids.length === 0) return new Map<number, string[]>();
  let query = db
    .selectFrom('account_websites')
    .select(['twofaccount_id', 'domain'])
    .orderBy('twofaccount_id')
    .orderBy('position');
  if (ids !== undefined) query = query.where('twofaccount_id', 'in', [...ids]);
  const byAccount = new Map<number, string[]>();
  for (const row of await query.execute()) {
    const list = byAccount.get(row.twofaccount_id);
    if (list) list.push(row.domain);
    else byAccount.set(row.twofaccount_id, [row.domain]);
  }
  return byAccount;
}
