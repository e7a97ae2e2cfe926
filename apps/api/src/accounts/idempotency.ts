import { createHash } from 'node:crypto';
import type { Executor, Transaction } from '../db/database.js';
import type { Caller } from '../http/fastify-types.js';
import { invalid } from '../http/field-errors.js';

/*
 * `Idempotency-Key` of account creations. The first creation with a key stores, in its own
 * transaction, the key, the caller's user, the SHA-256 of the body and the new account's id; a
 * retry with the same key within a day answers that account again (201, same id) instead of
 * storing a second one. The answer is rebuilt from the account: no copy of its secret is kept.
 * A key reused with another body is a 422 on `idempotency-key`. Two requests racing with one key
 * meet on the unique (user_id, key): the loser's transaction rolls back and it answers the winner's.
 */

/** How long a key is remembered. */
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** The header, as Fastify names it (lower case); also the field of its 422s. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Expired keys deleted by each keyed creation, at most. */
const PURGE_BATCH = 100;

export interface IdempotencyKey {
  readonly key: string;
  readonly userId: number;
  readonly fingerprint: string;
}

/** A key of this caller for this body, or undefined when the request has none. */
export function idempotencyKeyOf(
  key: string | null | undefined,
  caller: Caller | null,
  body: unknown,
): IdempotencyKey | undefined {
  if (typeof key !== 'string' || key === '') return undefined;
  // A reverse-proxy user has no row: the single user of the install, 0.
  const userId = caller && caller.kind !== 'proxy' ? caller.userId : 0;
  return { key, userId, fingerprint: fingerprintOf(body) };
}

/** Canonical JSON (keys sorted at every depth), so the order of the keys changes nothing. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

export function fingerprintOf(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)) ?? '')
    .digest('hex');
}

/** Thrown inside the creation's transaction when a live row holds the key: the transaction rolls back. */
export class KeyTaken extends Error {
  constructor() {
    super('idempotency key taken');
    this.name = 'KeyTaken';
  }
}

/**
 * The account a live key created (its answer was a 201), or undefined when the key is free
 * (never used, or expired). A key used for another body is a 422.
 */
export async function replayed(db: Executor, idem: IdempotencyKey, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'account_id'])
    .where('user_id', '=', idem.userId)
    .where('key', '=', idem.key)
    .where('created_at', '>=', new Date(now.getTime() - KEY_LIFETIME_MS))
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.fingerprint.trim() !== idem.fingerprint)
    throw invalid(IDEMPOTENCY_HEADER, 'validation.idempotency_key_reused');
  return row.account_id;
}

/**
 * Records the key of a new account, in the account's transaction. An expired row with the same
 * key is taken over; a live one throws `KeyTaken` (after waiting for its transaction, on
 * PostgreSQL). Also deletes a bounded batch of expired keys.
 */
export async function recordKey(
  trx: Transaction,
  idem: IdempotencyKey,
  accountId: number,
  now: Date,
): Promise<void> {
  const cutoff = new Date(now.getTime() - KEY_LIFETIME_MS);
  await trx
    .deleteFrom('idempotency_keys')
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('idempotency_keys')
        .select('id')
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(PURGE_BATCH),
    )
    .execute();
  // `status`: the first answer's, 201 (only creations are recorded, and only when they commit).
  const row = { fingerprint: idem.fingerprint, status: 201, account_id: accountId, created_at: now };
  const stored = await trx
    .insertInto('idempotency_keys')
    .values({ user_id: idem.userId, key: idem.key, ...row })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'key']).doUpdateSet(row).where('idempotency_keys.created_at', '<', cutoff),
    )
    .returning('id')
    .executeTakeFirst();
  if (!stored) throw new KeyTaken();
}
