import type { Deps } from '../shared/deps.js';
import { sealFields } from '../crypto/account-fields.js';
import { encryptionForWrite } from '../crypto/encryption.service.js';
import { unixSeconds } from '../clock.js';
import { AppError, errors, type FieldError } from '../http/errors.js';
import { isTruthyQueryValue } from '../http/common.schemas.js';
import { groupExists } from '../groups/groups.queries.js';
import { claimIcon, fetchImageLink, fetchOfficialLogo, releaseIcon } from '../icons/icons.service.js';
import { readNativeSettings } from '../settings/settings.queries.js';
import type { NativeSettings } from '../settings/settings.definitions.js';
import { LIST_ENTRIES, type AccountsSnapshot } from '../cache/app-caches.js';
import { toRead, toView, type AccountRead, type AccountView, type EmbeddedOtp } from './accounts.mapper.js';
import {
  deleteAccountRows,
  insertAccountRow,
  lockAccountRow,
  readAccount,
  readAccounts,
  nextAccountId,
  updateAccountRow,
  withdrawAccountRows,
} from './accounts.queries.js';
import { CreateParamsBody, CreateUriBody, OtpParamsBody, UpdateBody, UriBody } from './accounts.schemas.js';
import {
  OtpError,
  codeAt,
  parseOtpauthUri,
  randomSecret,
  serialiseOtpauthUri,
  storageSecret,
  timedCodes,
  type OtpParameters,
  type ParsedUri,
  type UriError,
} from './otp.js';
import { fieldError, invalidFields, validateBody } from '../http/field-errors.js';

/** Account data ready to be stored (clear text), or to be shown by a preview. */
export interface AccountData {
  otp_type: 'totp' | 'hotp' | 'steamtotp';
  service: string | null;
  account: string;
  secret: string;
  digits: number;
  algorithm: string;
  period: number | null;
  counter: number | null;
  icon: string | null;
}

// ----- Query flags (api.md §4.1) -----

export interface ReadFlags {
  readonly withSecret: boolean;
  readonly withOtp: boolean;
}

export function collectionFlags(query: Record<string, unknown>): ReadFlags {
  return { withSecret: isTruthyQueryValue(query.withSecret), withOtp: 'withOtp' in query };
}

export function singleFlags(query: Record<string, unknown>): ReadFlags {
  const withSecret = !('withSecret' in query) || isTruthyQueryValue(query.withSecret);
  return { withSecret, withOtp: 'withOtp' in query };
}

// ----- Reads -----

function embeddedOtp(view: AccountView, now: number): EmbeddedOtp | undefined {
  if (view.otp_type === 'hotp' || !view.secretReadable) return undefined;
  try {
    const codes = timedCodes(view, now);
    return { password: codes.password, generated_at: now, next_password: codes.next_password };
  } catch {
    return undefined;
  }
}

/**
 * Every account, decrypted, in the manual order, kept in the caches: every write to the accounts
 * (and to `useEncryption`) invalidates it (cache/invalidate-on-write.ts), so reads need no database round trip.
 */
async function snapshot(deps: Deps): Promise<AccountsSnapshot> {
  const cached = deps.caches.accounts();
  if (cached) return cached;
  const ticket = deps.caches.ticket('accounts');
  const { rows, encrypted } = await readAccounts(deps.db);
  return deps.caches.storeAccounts(
    rows.map((row) => toView(deps.keys, row, encrypted)),
    ticket,
  );
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
    });
  });
}

/**
 * `GET /api/v1/twofaccounts` without ids, serialised by `serialize` (the route's schema): the text is
 * kept with the accounts snapshot per flags, icon files and (embedded OTPs) second.
 */
export async function listAccountsText(
  deps: Deps,
  flags: ReadFlags,
  serialize: (list: AccountRead[]) => string,
): Promise<string> {
  const { lists, views } = await snapshot(deps);
  const now = unixSeconds(deps.clock);
  const key = `${flags.withSecret ? 1 : 0}${flags.withOtp ? `1:${now}` : 0}:${deps.icons.version}`;
  const cached = lists.get(key);
  if (cached !== undefined) return cached;
  const text = serialize(
    views.map((view) =>
      toRead(deps.icons, view, {
        withSecret: flags.withSecret,
        otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
      }),
    ),
  );
  if (lists.size >= LIST_ENTRIES) lists.clear();
  lists.set(key, text);
  return text;
}

async function findView(deps: Deps, id: number): Promise<AccountView> {
  const { row, encrypted } = await readAccount(deps.db, id);
  if (!row) throw errors.notFound();
  return toView(deps.keys, row, encrypted);
}

export async function showAccount(deps: Deps, id: number, flags: ReadFlags): Promise<AccountRead> {
  const view = await findView(deps, id);
  const now = unixSeconds(deps.clock);
  return toRead(deps.icons, view, {
    withSecret: flags.withSecret,
    otp: flags.withOtp ? embeddedOtp(view, now) : undefined,
  });
}

// ----- Normalisation (api.md §5.0) -----

const isSteamService = (service: string | null) => service !== null && service.toLowerCase() === 'steam';

/** Defaults, then the Steam rule. `stored` gives the kept period/counter of an update. */
function normalise(
  input: {
    otp_type: string;
    service: string | null;
    account: string;
    secret: string;
    digits?: number | null;
    algorithm?: string | null;
    period?: number | null;
    counter?: number | null;
  },
  stored?: { otp_type: string; period: number | null; counter: number | null },
): Omit<AccountData, 'icon'> {
  const otpType = input.otp_type as AccountData['otp_type'];
  if (otpType === 'steamtotp' || isSteamService(input.service)) {
    return {
      otp_type: 'steamtotp',
      service: 'Steam',
      account: input.account,
      secret: input.secret,
      digits: 5,
      algorithm: 'sha1',
      period: 30,
      counter: null,
    };
  }
  const sameType = stored !== undefined && stored.otp_type === otpType;
  const keep = <K extends 'period' | 'counter'>(key: K, fallback: number): number =>
    input[key] === undefined
      ? sameType && stored[key] !== null
        ? stored[key]
        : fallback
      : (input[key] ?? fallback);
  return {
    otp_type: otpType,
    service: input.service,
    account: input.account,
    secret: input.secret,
    digits: input.digits ?? 6,
    algorithm: input.algorithm ?? 'sha1',
    period: otpType === 'totp' ? keep('period', 30) : null,
    counter: otpType === 'hotp' ? keep('counter', 0) : null,
  };
}

/** The §5.0 rules that URI-derived service and account must pass too. */
function labelErrors(data: { service: string | null; account: string }): FieldError[] {
  const found: FieldError[] = [];
  for (const field of ['service', 'account'] as const) {
    const value = data[field];
    if (value === null) continue;
    if ([...value].length > 255) found.push(fieldError(field, 'validation.max.string', { max: 255 }));
    else if (value.includes(':')) found.push(fieldError(field, 'validation.no_colon'));
  }
  return found;
}

function uriErrorToField(error: UriError): FieldError {
  switch (error.kind) {
    case 'invalid_uri':
    case 'unsupported_type':
      return fieldError('uri', 'validation.otpauth_uri');
    case 'no_label':
      return { field: 'label', message: { key: 'validation.uri_label' } };
    case 'secret_required':
      return fieldError('secret', 'validation.required');
    case 'secret_invalid':
      return fieldError('secret', 'validation.base32');
    case 'algorithm':
      return fieldError('algorithm', 'validation.in');
    case 'digits':
      return fieldError('digits', 'validation.between', { min: 5, max: 10 });
    case 'period':
      return fieldError('period', 'validation.min.numeric', { min: 1 });
    case 'counter_negative':
      return fieldError('counter', 'validation.min.numeric', { min: 0 });
    case 'counter_integer':
      return fieldError('counter', 'validation.integer');
  }
}

const URI_FIELDS = [
  'uri',
  'label',
  'secret',
  'algorithm',
  'digits',
  'period',
  'counter',
  'service',
  'account',
];

/** Parses a URI of the create/preview/OTP routes; 422 naming the failing parameter. */
export function parseUriOrThrow(uri: string, customOtp: string | null | undefined): ParsedUri {
  const parsed = parseOtpauthUri(uri, { forceSteam: customOtp === 'steamtotp' });
  if (!parsed.ok) throw invalidFields(parsed.errors.map(uriErrorToField), URI_FIELDS);
  const more = labelErrors(parsed.value);
  if (more.length > 0) throw invalidFields(more, URI_FIELDS);
  return parsed.value;
}

/** `group_id` > 0 must name a group (checked with the rest of the body). */
async function groupIdErrors(deps: Deps, raw: Record<string, unknown>, failed: ReadonlySet<string>) {
  const value = raw.group_id;
  if (failed.has('group_id') || typeof value !== 'number' || value <= 0) return [];
  return (await groupExists(deps.db, value)) ? [] : [fieldError('group_id', 'validation.in')];
}

/** The group of a new account (api.md §5.0 "Group on create"). */
async function groupForNewAccount(
  deps: Deps,
  requested: number | null | undefined,
  paramsForm: boolean,
  settings: NativeSettings,
): Promise<number | null> {
  if (typeof requested === 'number' && requested > 0) return requested;
  if (paramsForm && requested === 0) return null;
  if (settings.defaultGroup > 0)
    return (await groupExists(deps.db, settings.defaultGroup)) ? settings.defaultGroup : null;
  if (settings.defaultGroup === -1 && settings.activeGroup > 0) {
    return (await groupExists(deps.db, settings.activeGroup)) ? settings.activeGroup : null;
  }
  return null;
}

/** Icon of a new account or preview: an existing file, else the image link (opt-in), else the official logo. */
async function iconForNew(
  deps: Deps,
  requested: string | null | undefined,
  service: string | null,
  settings: NativeSettings,
  imageLink: string | null,
): Promise<string | null> {
  if (requested && deps.icons.exists(requested)) return requested;
  const linked = await fetchImageLink(deps, imageLink);
  if (linked) return linked;
  if (service && service.trim() !== '' && settings.getOfficialIcons) {
    const logo = await fetchOfficialLogo(deps, service, {
      collection: settings.iconCollection,
      variant: settings.iconVariant,
      strict: settings.iconVariantStrictFetch,
    });
    if (logo) return logo;
  }
  return null;
}

// ----- Writes -----

async function storeNew(
  deps: Deps,
  data: AccountData,
  groupId: number | null,
  uri: string | null,
): Promise<number> {
  const now = deps.clock.now();
  const id = await nextAccountId(deps.db);
  const clear = { service: data.service, account: data.account, secret: data.secret, uri };
  await deps.db.transaction().execute(async (trx) => {
    const encrypted = await encryptionForWrite(trx);
    const fields = encrypted ? sealFields(deps.keys.current, id, clear) : clear;
    await insertAccountRow(trx, {
      id,
      group_id: groupId,
      otp_type: data.otp_type,
      ...fields,
      digits: data.digits,
      algorithm: data.algorithm,
      period: data.period,
      counter: data.counter,
      icon: data.icon,
      created_at: now,
      updated_at: now,
    });
    await claimIcon(trx, data.icon);
  });
  return id;
}

type CreateUri = { uri: string; custom_otp?: string | null; group_id?: number | null };
type CreateParams = {
  service?: string | null;
  account: string;
  icon?: string | null;
  group_id?: number | null;
  otp_type: string;
  secret?: string | null;
  digits?: number | null;
  algorithm?: string | null;
  period?: number | null;
  counter?: number | null;
};

/** `POST /api/v1/twofaccounts`: the key `uri` selects the URI form. */
export async function createAccount(deps: Deps, body: unknown): Promise<AccountRead> {
  const settings = await readNativeSettings(deps.db);
  const isUriForm = typeof body === 'object' && body !== null && !Array.isArray(body) && 'uri' in body;
  if (isUriForm) {
    const input = await validateBody<CreateUri>(CreateUriBody, body, (raw, failed) =>
      groupIdErrors(deps, raw, failed),
    );
    const parsed = parseUriOrThrow(input.uri, input.custom_otp);
    const icon = await iconForNew(deps, null, parsed.service, settings, parsed.image);
    const data: AccountData = { ...normalise(parsed), icon };
    const groupId = await groupForNewAccount(deps, input.group_id, false, settings);
    const id = await storeNew(deps, data, groupId, input.uri);
    return showAccount(deps, id, { withSecret: true, withOtp: false });
  }
  const input = await validateBody<CreateParams>(CreateParamsBody, body, (raw, failed) =>
    groupIdErrors(deps, raw, failed),
  );
  const base = normalise({
    ...input,
    service: input.service ?? null,
    secret: input.secret ? storageSecret(input.secret) : randomSecret(),
  });
  const icon = await iconForNew(deps, input.icon, base.service, settings, null);
  const groupId = await groupForNewAccount(deps, input.group_id, true, settings);
  const id = await storeNew(deps, { ...base, icon }, groupId, null);
  return showAccount(deps, id, { withSecret: true, withOtp: false });
}

type UpdateInput = {
  service: string | null;
  account: string;
  icon: string | null;
  group_id?: number | null;
  otp_type: string;
  secret: string;
  digits: number;
  algorithm: string;
  period?: number | null;
  counter?: number | null;
};

/** `PUT /api/v1/twofaccounts/{id}` (api.md §5.5, amendments 17 and 20). */
export async function updateAccount(deps: Deps, id: number, body: unknown): Promise<AccountRead> {
  const input = await validateBody<UpdateInput>(UpdateBody, body, (raw, failed) =>
    groupIdErrors(deps, raw, failed),
  );
  const previousIcon = await deps.db.transaction().execute(async (trx) => {
    const encrypted = await encryptionForWrite(trx);
    const row = await lockAccountRow(trx, id);
    if (!row) throw errors.notFound();
    const data = normalise(
      { ...input, secret: storageSecret(input.secret) },
      {
        otp_type: row.otp_type,
        period: row.period,
        counter: row.counter === null ? null : Number(row.counter),
      },
    );
    const icon = input.icon && deps.icons.exists(input.icon) ? input.icon : null;
    // The fields are authoritative after an edit: the original URI no longer describes the account.
    const clear = { service: data.service, account: data.account, secret: data.secret, uri: null };
    await updateAccountRow(trx, id, {
      ...(encrypted ? sealFields(deps.keys.current, id, clear) : clear),
      otp_type: data.otp_type,
      digits: data.digits,
      algorithm: data.algorithm,
      period: data.period,
      counter: data.counter,
      icon,
      ...(input.group_id === undefined ? {} : { group_id: input.group_id === 0 ? null : input.group_id }),
      updated_at: deps.clock.now(),
    });
    await claimIcon(trx, icon);
    return row.icon !== icon ? row.icon : null;
  });
  await releaseIcon(deps, previousIcon);
  return showAccount(deps, id, { withSecret: true, withOtp: false });
}

export async function deleteAccounts(deps: Deps, ids: readonly number[]): Promise<number> {
  const icons = await deleteAccountRows(deps.db, ids);
  for (const icon of new Set(icons)) await releaseIcon(deps, icon);
  return icons.length;
}

export async function withdrawAccounts(deps: Deps, ids: readonly number[]): Promise<void> {
  await withdrawAccountRows(deps.db, ids);
}

// ----- Preview and OTP -----

/** `POST /api/v1/twofaccounts/preview`: nothing stored but a fetched icon. */
export async function previewUri(deps: Deps, body: unknown) {
  const input = await validateBody<{ uri: string; custom_otp?: string | null }>(UriBody, body);
  const parsed = parseUriOrThrow(input.uri, input.custom_otp);
  const settings = await readNativeSettings(deps.db);
  const icon = await iconForNew(deps, null, parsed.service, settings, parsed.image);
  const data = normalise(parsed);
  return {
    otp_type: data.otp_type,
    account: data.account,
    service: data.service,
    icon,
    secret: data.secret,
    digits: data.digits,
    algorithm: data.algorithm,
    period: data.period,
    counter: data.counter,
  };
}

export interface OtpResponse {
  password: string;
  otp_type: string;
  generated_at?: number;
  period?: number;
  counter?: number;
  next_password?: string;
  uri?: string;
}

function otpFailure(error: unknown): never {
  if (error instanceof OtpError) {
    switch (error.failure.kind) {
      case 'unsupported_type':
        throw errors.business('error.unsupported_otp_type');
      case 'invalid_secret':
        throw errors.business('error.invalid_base32_secret');
      case 'invalid_parameters':
        throw errors.business('error.invalid_otp_parameters', undefined, [error.failure.cause]);
    }
  }
  throw error;
}

function timedOtp(params: OtpParameters, now: number): OtpResponse {
  try {
    const codes = timedCodes(params, now);
    return {
      password: codes.password,
      otp_type: params.otp_type,
      generated_at: now,
      period: codes.period,
      next_password: codes.next_password,
    };
  } catch (error) {
    return otpFailure(error);
  }
}

function hotpCode(params: OtpParameters, counter: number): string {
  try {
    return codeAt(params, counter);
  } catch (error) {
    return otpFailure(error);
  }
}

const cannotDecipher = () => errors.business('error.cannot_decipher');
const isKnownType = (type: string) => type === 'totp' || type === 'hotp' || type === 'steamtotp';

/**
 * `GET /api/v1/twofaccounts/{id}/otp` (api.md §5.12). HOTP: the row is locked, the code computed
 * at the stored counter and the counter moved on in the same transaction, so two concurrent
 * calls never get the same code.
 */
export async function otpOfAccount(
  deps: Deps,
  id: number,
  options: { consume: boolean } = { consume: true },
): Promise<OtpResponse> {
  const now = unixSeconds(deps.clock);
  const cached = (await snapshot(deps)).byId.get(id);
  if (!cached) throw errors.notFound();
  if (!isKnownType(cached.otp_type)) throw errors.business('error.unsupported_otp_type');
  if (cached.otp_type !== 'hotp') {
    if (!cached.secretReadable) throw cannotDecipher();
    return timedOtp(cached, now);
  }
  return deps.db.transaction().execute(async (trx) => {
    // The lock and the setting are read again here: a switch may have rewritten the row meanwhile.
    const encryptedNow = await encryptionForWrite(trx);
    const locked = await lockAccountRow(trx, id);
    if (!locked) throw errors.notFound();
    const view = toView(deps.keys, locked, encryptedNow);
    if (!view.secretReadable) throw cannotDecipher();
    const counter = view.counter ?? 0;
    const password = hotpCode(view, counter);
    if (options.consume) await updateAccountRow(trx, id, { counter: counter + 1 });
    return { password, otp_type: 'hotp', counter: counter + 1 };
  });
}

type OtpParamsInput = Omit<CreateParams, 'icon' | 'group_id' | 'secret'> & { secret: string };

/** `POST /api/v1/twofaccounts/otp` (api.md §5.13): nothing stored, no icon fetched. */
export async function otpPreview(
  deps: Deps,
  body: unknown,
  query: Record<string, unknown>,
): Promise<OtpResponse> {
  const now = unixSeconds(deps.clock);
  const object =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  if ('uri' in object) {
    const others = Object.keys(object).filter((key) => key !== 'uri' && key !== 'custom_otp');
    if (others.length > 0 || Object.keys(query).length > 0) {
      throw new AppError('bad_request', 'bad request', { reason: { uri: { key: 'error.uri_alone' } } });
    }
    const input = await validateBody<{ uri: string; custom_otp?: string | null }>(UriBody, object);
    const data = normalise(parseUriOrThrow(input.uri, input.custom_otp));
    if (data.otp_type !== 'hotp') return timedOtp(data, now);
    const counter = data.counter ?? 0;
    return { password: hotpCode(data, counter), otp_type: 'hotp', counter: counter + 1 };
  }
  const input = await validateBody<OtpParamsInput>(OtpParamsBody, object);
  const data = normalise({ ...input, service: input.service ?? null, secret: storageSecret(input.secret) });
  if (data.otp_type !== 'hotp') return timedOtp(data, now);
  const counter = data.counter ?? 0;
  const password = hotpCode(data, counter);
  return {
    password,
    otp_type: 'hotp',
    counter: counter + 1,
    uri: serialiseOtpauthUri({ ...data, counter: counter + 1 }),
  };
}

/** The URI an account is exported or drawn as (formats.md §3.4); 400 when it cannot be decrypted. */
export function generatedUri(view: AccountView): string {
  return serialiseOtpauthUri(view);
}

export async function accountView(deps: Deps, id: number): Promise<AccountView> {
  return findView(deps, id);
}
