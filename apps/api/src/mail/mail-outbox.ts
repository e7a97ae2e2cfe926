import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { AppKeys } from '../config/app-key.js';
import { associatedData, decryptValue, encryptValue } from '../crypto/encryption.js';
import type { Executor } from '../db/database.js';
import type { DB } from '../db/schema.js';
import type { ComposedMail, Mailer, MailMessage } from './mailer.js';

/** The first retry after a failed attempt; each further one waits twice as long, up to an hour. */
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;
/** A mail not sent within a day is given up (its links have long expired). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How often each replica looks for mail that is due (besides right after its own). */
const SENDER_INTERVAL_MS = 15_000;

/** The wait after the `attempts`-th failed attempt. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

const aad = (id: number) => associatedData('mail_outbox', 'message', id);

/** Seals a composed mail under APP_KEY, bound to its row. */
function seal(keys: AppKeys, id: number, mail: ComposedMail): string {
  const plain = JSON.stringify({ from: mail.from, to: mail.to, eml: mail.eml.toString('base64') });
  return encryptValue(keys.current, plain, aad(id));
}

/** The mail of a row, or undefined when no key (current or previous) opens it. */
export function unseal(keys: AppKeys, id: number, stored: string): ComposedMail | undefined {
  const opened = decryptValue(keys, stored, aad(id));
  if (!opened.ok) return undefined;
  const value = JSON.parse(opened.value) as { from: string; to: string[]; eml: string };
  return { from: value.from, to: value.to, eml: Buffer.from(value.eml, 'base64') };
}

/** Queues a sealed mail in `db` (the caller's transaction, if any); `source` names a moved-in file. */
export async function insertMail(
  db: Executor,
  keys: AppKeys,
  now: Date,
  mail: ComposedMail,
  source?: string,
): Promise<boolean> {
  // The row id is bound into the ciphertext, so it is drawn first.
  const { rows } = await sql<{ id: number }>`select nextval('mail_outbox_id_seq')::int as id`.execute(db);
  const id = rows[0]!.id;
  const inserted = await db
    .insertInto('mail_outbox')
    .values({
      id,
      created_at: now,
      next_attempt_at: now,
      message: seal(keys, id, mail),
      source: source ?? null,
    })
    .onConflict((oc) => oc.column('source').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * A row is done (sent, written out, or given up): its message goes. Rows moved in from a file keep
 * their `source` (with no message), so that moving the same folder in again adds nothing.
 */
export async function finish(db: Executor, row: { id: number; source: string | null }): Promise<void> {
  if (row.source === null) await db.deleteFrom('mail_outbox').where('id', '=', row.id).execute();
  else
    await db
      .updateTable('mail_outbox')
      .set({ message: null, last_error: null })
      .where('id', '=', row.id)
      .execute();
}

/** Why an attempt failed, without the message: the transport's error code and SMTP reply code. */
function failureReason(error: unknown): string {
  if (typeof error !== 'object' || error === null) return 'unknown error';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  const parts = [typeof code === 'string' ? code : 'error'];
  if (typeof responseCode === 'number') parts.push(`SMTP ${responseCode}`);
  return parts.join(', ');
}

export interface MailOutboxDeps {
  /** The database (PostgreSQL), shared by every replica. */
  readonly db: Kysely<DB>;
  readonly keys: AppKeys;
  readonly clock: Clock;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Builds a message (MAIL_FROM_*). */
  readonly compose: (message: MailMessage) => Promise<ComposedMail>;
  /** Hands a message to the SMTP server; undefined without MAIL_HOST (mail waits for `mail export`). */
  readonly deliver: ((mail: ComposedMail) => Promise<void>) | undefined;
}

/**
 * Mail on PostgreSQL: queued in the `mail_outbox` table (sealed with APP_KEY), in the transaction
 * that wrote what the mail is about, then sent by whichever replica claims it first. A replica's
 * sender runs right after its own queuing and every few seconds; it locks one due row at a time
 * (`FOR UPDATE SKIP LOCKED`) for the whole SMTP exchange, so no two replicas send the same mail,
 * and deletes it once sent. A failed attempt is retried after 30 s, doubling up to an hour, and
 * given up after a day (logged, never with the message).
 */
export class MailOutbox implements Mailer {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: MailOutboxDeps) {}

  /** Queues a message in `db`, which may be the caller's transaction: call `wake` after its commit. */
  async enqueue(db: Executor, message: MailMessage): Promise<void> {
    await insertMail(db, this.deps.keys, this.deps.clock.now(), await this.deps.compose(message));
    if (!this.deps.deliver) {
      this.deps.log.warn(
        'no SMTP server configured (MAIL_HOST): the mail waits in the database until the command `mail export <folder>` writes it out',
      );
    }
  }

  /** Queues a message on its own (security alerts without MAIL_HOST) and wakes the sender. */
  async send(message: MailMessage): Promise<void> {
    await this.enqueue(this.deps.db, message);
    this.wake();
  }

  /** Sends what is due now, in the background (after this replica queued a mail). */
  wake(): void {
    if (!this.deps.deliver) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.sendDue();
        } while (this.again);
      } catch (error) {
        this.deps.log.warn({ err: error }, 'queued mail could not be read from the database; retrying later');
      } finally {
        this.running = undefined;
      }
    })();
  }

  /** Runs the sender every few seconds until `stop`. */
  start(intervalMs = SENDER_INTERVAL_MS): void {
    if (!this.deps.deliver || this.timer) return;
    this.timer = setInterval(() => this.wake(), intervalMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops the timer and waits for the attempt under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    await this.running;
  }

  /** Waits for the sending under way, if any (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Sends every due mail, one row per transaction; stops at the first failure (the SMTP server is
   * probably down for the others too). Returns how many were sent.
   */
  async sendDue(): Promise<number> {
    const deliver = this.deps.deliver;
    if (!deliver) return 0;
    let sent = 0;
    for (;;) {
      const outcome = await this.deps.db.transaction().execute(async (trx) => {
        const now = this.deps.clock.now();
        const row = await trx
          .selectFrom('mail_outbox')
          .select(['id', 'created_at', 'message', 'attempts', 'source'])
          .where('message', 'is not', null)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!row) return 'none';
        const mail = unseal(this.deps.keys, row.id, row.message!);
        if (!mail) {
          await this.failed(trx, row, now, 'sealed under a key that is neither APP_KEY nor a previous key');
          return 'failed';
        }
        try {
          await deliver(mail);
        } catch (error) {
          await this.failed(trx, row, now, failureReason(error));
          return 'failed';
        }
        await finish(trx, row);
        this.deps.log.info({ mail: row.id }, 'mail sent');
        return 'sent';
      });
      if (outcome !== 'sent') return sent;
      sent += 1;
    }
  }

  private async failed(
    trx: Executor,
    row: { id: number; created_at: Date; attempts: number; source: string | null },
    now: Date,
    reason: string,
  ): Promise<void> {
    const attempts = row.attempts + 1;
    if (now.getTime() - new Date(row.created_at).getTime() >= GIVE_UP_AFTER_MS) {
      this.deps.log.error(
        { mail: row.id, attempts, reason },
        'mail given up: it could not be sent within 24 hours (the recipient may ask again)',
      );
      await finish(trx, row);
      return;
    }
    const next = new Date(now.getTime() + retryDelayMs(attempts));
    this.deps.log.warn(
      { mail: row.id, attempts, reason, retryAt: next.toISOString() },
      'mail could not be sent; it stays queued and is retried',
    );
    await trx
      .updateTable('mail_outbox')
      .set({ attempts, next_attempt_at: next, last_error: reason })
      .where('id', '=', row.id)
      .execute();
  }
}
