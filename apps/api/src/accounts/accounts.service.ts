import type { Static } from 'typebox';
import type { Deps } from '../shared/deps.js';
import { sealFields } from '../crypto/account-fields.js';
import { encryptionForWrite } from '../settings/encryption-at-rest.js';
import { errors } from '../http/errors.js';
import { groupExists } from '../groups/groups.queries.js';
import { validateBody } from '../http/field-errors.js';
import { claimIcon, fetchImageLink, fetchOfficialLogo, releaseIcon } from '../icons/icons.service.js';
import { readNativeSettings } from '../settings/settings.queries.js';
import type { NativeSettings } from '@twofold/otp';
import { toRead, writtenView, type AccountRead, type AccountView } from './accounts.mapper.js';
import {
  deleteAccountRows,
  insertAccountRow,
  lockAccountRow,
  nextAccountId,
  updateAccountRow,
  withdrawAccountRows,
} from './accounts.queries.js';
import { CreateParamsBody, CreateUriBody, UpdateBody, UriBody } from './accounts.schemas.js';
import { groupIdErrors, normalise, parseUriOrThrow, type AccountData } from './account-input.js';
import { showAccount } from './accounts.reads.js';
import { generateSecret, canonicalSecret } from '@twofold/otp';
import { moveToTrash, trashIsOn } from './trash.service.js';
import { KeyTaken, recordKey, replayed, type IdempotencyKey } from './idempotency.js';
import { setAccountTags, tagNamesOf } from '../tags/tags.service.js';
import { recoveryValuesOf, storeRecovery, type RecoveryValues } from '../extras/extras.service.js';
import { writeFavorite } from './favorites.queries.js';
import { setAccountWebsites, websiteErrors, websitesInput } from './account-websites.js';

/** Twofold's own fields of a create or update (`undefined`: not sent, kept as stored). */
interface ExtrasInput {
  readonly tags: readonly string[] | undefined;
  readonly websites: readonly string[] | undefined;
  readonly recovery: RecoveryValues;
  readonly favorite: boolean | undefined;
}

async function extrasInputOf(input: CreateUri | CreateParams | UpdateInput): Promise<ExtrasInput> {
  return {
    tags: tagNamesOf(input.tags),
    websites: await websitesInput(input.websites),
    recovery: recoveryValuesOf(input),
    favorite: input.favorite,
  };
}

/** The checks a body's schema cannot make: the group exists, each website is one. */
const extraChecks = (deps: Deps) => async (raw: Record<string, unknown>, failed: ReadonlySet<string>) => [
  ...(await groupIdErrors(deps, raw, failed)),
  ...(await websiteErrors(raw, failed)),
];

/** The group of a new account. */
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
  if (requested && (await deps.icons.confirm(requested))) return requested;
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

/** Stores a new account, and its idempotency key in the same transaction. */
async function storeNew(
  deps: Deps,
  data: AccountData,
  groupId: number | null,
  uri: string | null,
  idem: IdempotencyKey | undefined,
  extras: ExtrasInput,
): Promise<AccountView> {
  const now = deps.clock.now();
  const id = await nextAccountId(deps.db);
  const clear = { service: data.service, account: data.account, secret: data.secret, uri };
  const favoriteOrder = await deps.db.transaction().execute(async (trx) => {
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
    if (extras.tags) await setAccountTags(trx, id, extras.tags, now);
    if (extras.websites) await setAccountWebsites(trx, id, extras.websites);
    await storeRecovery(trx, deps.keys, encrypted, id, extras.recovery, now);
    const starred = extras.favorite ? await writeFavorite(trx, id, true, undefined) : undefined;
    if (idem) await recordKey(trx, idem, id, now);
    return starred?.favorite_order ?? null;
  });
  return writtenView({
    id,
    group_id: groupId,
    otp_type: data.otp_type,
    ...clear,
    icon: data.icon,
    digits: data.digits,
    algorithm: data.algorithm,
    period: data.period,
    counter: data.counter,
    favorite: extras.favorite === true,
    favorite_order: favoriteOrder,
  });
}

type CreateUri = Static<typeof CreateUriBody>;
type CreateParams = Static<typeof CreateParamsBody>;

/** The routes drop the secret and Twofold's own fields unless the query asks for them. */
const WRITE_ANSWER = { withSecret: true, withOtp: false, withExtras: true } as const;

/** A write's answer, built from what it stored (no read back). */
const answerOf = (deps: Deps, view: AccountView): AccountRead => toRead(deps.icons, view, WRITE_ANSWER);

/**
 * A replay's answer: the account its key created, read again. It is found in the trash too: the
 * key outlives the trash, and the retry answers the account it created (still in the trash) rather
 * than storing a second one.
 */
const replayOf = (deps: Deps, id: number) => showAccount(deps, id, WRITE_ANSWER, { withTrashed: true });

/**
 * `POST /api/v1/twofaccounts`. With an idempotency key already used by this caller within a day,
 * the first answer again (rebuilt from its account, even in the trash) and nothing stored; see
 * idempotency.ts.
 */
export async function createAccount(deps: Deps, body: unknown, idem?: IdempotencyKey): Promise<AccountRead> {
  const first = idem && (await replayed(deps.db, idem, deps.clock.now()));
  if (first) return replayOf(deps, first);
  try {
    return answerOf(deps, await createNew(deps, body, idem));
  } catch (error) {
    // A request with the same key committed first (a concurrent retry): its answer.
    const winner = error instanceof KeyTaken && idem && (await replayed(deps.db, idem, deps.clock.now()));
    if (!winner) throw error;
    return replayOf(deps, winner);
  }
}

/** The creation itself: the key `uri` selects the URI form. Returns what was stored. */
async function createNew(deps: Deps, body: unknown, idem: IdempotencyKey | undefined): Promise<AccountView> {
  const settings = await readNativeSettings(deps.db);
  const isUriForm = typeof body === 'object' && body !== null && !Array.isArray(body) && 'uri' in body;
  if (isUriForm) {
    const input = await validateBody<CreateUri>(CreateUriBody, body, extraChecks(deps));
    const parsed = parseUriOrThrow(input.uri, input.custom_otp);
    const icon = await iconForNew(deps, null, parsed.service, settings, parsed.image);
    const data: AccountData = { ...normalise(parsed), icon };
    const groupId = await groupForNewAccount(deps, input.group_id, false, settings);
    return storeNew(deps, data, groupId, input.uri, idem, await extrasInputOf(input));
  }
  const input = await validateBody<CreateParams>(CreateParamsBody, body, extraChecks(deps));
  const extras = await extrasInputOf(input);
  const base = normalise({
    ...input,
    service: input.service ?? null,
    secret: input.secret ? canonicalSecret(input.secret) : generateSecret(),
  });
  const icon = await iconForNew(deps, input.icon, base.service, settings, null);
  const groupId = await groupForNewAccount(deps, input.group_id, true, settings);
  return storeNew(deps, { ...base, icon }, groupId, null, idem, extras);
}

type UpdateInput = Static<typeof UpdateBody>;

/** `PUT /api/v1/twofaccounts/{id}`. */
export async function updateAccount(deps: Deps, id: number, body: unknown): Promise<AccountRead> {
  const input = await validateBody<UpdateInput>(UpdateBody, body, extraChecks(deps));
  const extras = await extrasInputOf(input);
  const { view, previousIcon } = await deps.db.transaction().execute(async (trx) => {
    const encrypted = await encryptionForWrite(trx);
    const row = await lockAccountRow(trx, id);
    if (!row) throw errors.notFound();
    const data = normalise(
      { ...input, service: input.service ?? null, secret: canonicalSecret(input.secret) },
      {
        otp_type: row.otp_type,
        period: row.period,
        counter: row.counter === null ? null : Number(row.counter),
      },
    );
    const icon = input.icon && (await deps.icons.confirm(input.icon)) ? input.icon : null;
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
    if (extras.tags) await setAccountTags(trx, id, extras.tags, deps.clock.now());
    if (extras.websites) await setAccountWebsites(trx, id, extras.websites);
    await storeRecovery(trx, deps.keys, encrypted, id, extras.recovery, deps.clock.now());
    // Starred again, a favourite would lose its place: only a change is written.
    const starChanged = extras.favorite !== undefined && extras.favorite !== row.favorite;
    const starred = starChanged
      ? await writeFavorite(trx, id, extras.favorite === true, undefined)
      : undefined;
    const written = writtenView({
      id,
      group_id: input.group_id === undefined ? row.group_id : input.group_id === 0 ? null : input.group_id,
      otp_type: data.otp_type,
      ...clear,
      icon,
      digits: data.digits,
      algorithm: data.algorithm,
      period: data.period,
      counter: data.counter,
      favorite: starChanged ? extras.favorite === true : row.favorite,
      favorite_order: starred ? starred.favorite_order : row.favorite_order,
    });
    return { view: written, previousIcon: row.icon !== icon ? row.icon : null };
  });
  await releaseIcon(deps, previousIcon);
  return answerOf(deps, view);
}

/** Deletes accounts: to the trash when it is on (trashRetentionDays > 0), else for good. */
export async function deleteAccounts(deps: Deps, ids: readonly number[]): Promise<number> {
  if (await trashIsOn(deps)) return (await moveToTrash(deps, ids)).length;
  const icons = await deleteAccountRows(deps.db, ids);
  for (const icon of new Set(icons)) await releaseIcon(deps, icon);
  return icons.length;
}

export async function withdrawAccounts(deps: Deps, ids: readonly number[]): Promise<void> {
  await withdrawAccountRows(deps.db, ids);
}

// ----- Preview -----

/** `POST /api/v1/twofaccounts/preview`: nothing stored but a fetched icon. */
export async function previewUri(deps: Deps, body: unknown) {
  const input = await validateBody<Static<typeof UriBody>>(UriBody, body);
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
