import type { Static } from 'typebox';
import type { Deps } from '../shared/deps.js';
import type { AppKeys } from '../config/app-key.js';
import type { Executor } from '../db/database.js';
import { INDECIPHERABLE } from '../crypto/encryption.js';
import { openRecoveryValue, sealRecoveryValue, type RecoveryColumn } from '../crypto/recovery-fields.js';
import { errors } from '../http/errors.js';
import { encryptionForWrite } from '../settings/encryption-at-rest.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import {
  accountRowExists,
  lockAccount,
  markCode,
  recoverySummaries,
  storedCodes,
  storedNote,
  writeCodes,
  writeNote,
} from './extras.queries.js';
import type { RecoveryBody } from './extras.schemas.js';

const iso = (date: Date | string | null) => (date === null ? null : new Date(date).toISOString());

function opener(keys: AppKeys, encrypted: boolean, accountId: number) {
  return (column: RecoveryColumn, stored: string) =>
    encrypted ? (openRecoveryValue(keys, column, accountId, stored)?.value ?? INDECIPHERABLE) : stored;
}

/** One account's note and codes in clear (the caller has checked who may see them). */
export async function readRecovery(db: Executor, keys: AppKeys, accountId: number, encrypted?: boolean) {
  const isEncrypted = encrypted ?? (await readNativeSetting(db, 'useEncryption'));
  const open = opener(keys, isEncrypted, accountId);
  const note = await storedNote(db, accountId);
  const codes = await storedCodes(db, accountId);
  return {
    note: note === undefined ? null : open('note', note),
    recovery_codes: codes.map((row) => ({
      id: row.id,
      code: open('code', row.code),
      used_at: iso(row.used_at),
    })),
  };
}

export async function revealRecovery(deps: Deps, accountId: number) {
  if (!(await accountRowExists(deps.db, accountId))) throw errors.notFound();
  return readRecovery(deps.db, deps.keys, accountId);
}

export interface RecoveryValues {
  /** undefined keeps the stored note; null or blank removes it. */
  readonly note?: string | null | undefined;
  /** undefined keeps the stored codes; a code already stored keeps its used date. */
  readonly codes?: readonly { code: string; used_at?: Date | null }[] | undefined;
}

/**
 * Writes an account's note and codes inside the caller's transaction, sealed when `encrypted`
 * (which the caller read with the encryption lock held: `encryptionForWrite`).
 */
export async function storeRecovery(
  trx: Executor,
  keys: AppKeys,
  encrypted: boolean,
  accountId: number,
  values: RecoveryValues,
  now: Date,
): Promise<void> {
  const seal = (column: RecoveryColumn, value: string) =>
    encrypted ? sealRecoveryValue(keys.current, column, accountId, value) : value;
  if (values.note !== undefined) {
    const note = values.note === null || values.note.trim() === '' ? null : values.note;
    await writeNote(trx, accountId, note === null ? null : seal('note', note), now);
  }
  if (values.codes !== undefined) {
    const open = opener(keys, encrypted, accountId);
    // Used dates of the codes kept, by value (each stored code lends its date once).
    const previous = (await storedCodes(trx, accountId)).map((row) => ({
      code: open('code', row.code),
      used_at: row.used_at === null ? null : new Date(row.used_at),
    }));
    const codes = values.codes
      .map((entry) => ({ ...entry, code: entry.code.trim() }))
      .filter((entry) => entry.code !== '')
      .map((entry) => {
        const index = previous.findIndex((old) => old.code === entry.code);
        const kept = index === -1 ? undefined : previous.splice(index, 1)[0];
        const usedAt = entry.used_at === undefined ? (kept?.used_at ?? null) : entry.used_at;
        return { code: seal('code', entry.code), used_at: usedAt };
      });
    await writeCodes(trx, accountId, codes);
  }
}

async function summaryOf(db: Executor, accountId: number) {
  const summary = (await recoverySummaries(db, [accountId])).get(accountId);
  return {
    has_note: summary?.has_note ?? false,
    recovery_codes: { total: summary?.total ?? 0, unused: summary?.unused ?? 0 },
  };
}

/** A write's note and codes (recovery route, account create or update) as `storeRecovery` takes them. */
export function recoveryValuesOf(body: {
  note?: string | null | undefined;
  recovery_codes?: readonly { code: string; used_at?: string | null | undefined }[] | undefined;
}): RecoveryValues {
  return {
    note: body.note,
    codes: body.recovery_codes?.map((entry) => ({
      code: entry.code,
      ...(entry.used_at === undefined
        ? {}
        : { used_at: entry.used_at === null ? null : new Date(entry.used_at) }),
    })),
  };
}

/** `PUT /twofaccounts/{id}/recovery`: answers counts only. */
export async function writeRecovery(deps: Deps, accountId: number, body: Static<typeof RecoveryBody>) {
  await deps.db.transaction().execute(async (trx) => {
    const encrypted = await encryptionForWrite(trx);
    if (!(await lockAccount(trx, accountId))) throw errors.notFound();
    await storeRecovery(trx, deps.keys, encrypted, accountId, recoveryValuesOf(body), deps.clock.now());
  });
  return summaryOf(deps.db, accountId);
}

/** Marks one code used (now) or unused. */
export async function markRecoveryCode(deps: Deps, accountId: number, codeId: number, used: boolean) {
  if (!(await accountRowExists(deps.db, accountId))) throw errors.notFound();
  const row = await markCode(deps.db, accountId, codeId, used ? deps.clock.now() : null);
  if (!row) throw errors.notFound();
  return { id: row.id, used_at: iso(row.used_at) };
}
