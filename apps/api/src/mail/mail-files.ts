import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { AppKeys } from '../config/app-key.js';
import type { DB } from '../db/schema.js';
import { filesToMoveIn } from '../storage/move-in.js';
import { finish, insertMail, unseal } from './mail-outbox.js';

/** The addresses of one header of an .eml text (`Name <a@b>` or a bare address), unfolded. */
function addressesOf(eml: Buffer, header: 'from' | 'to'): string[] {
  const text = eml.toString('latin1');
  const end = text.search(/\r?\n\r?\n/);
  const headers = (end < 0 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const line = new RegExp(`^${header}:(.*)$`, 'im').exec(headers)?.[1] ?? '';
  return [...line.matchAll(/<([^<>\s]+@[^<>\s]+)>|([^\s<>",;:]+@[^\s<>",;:]+)/g)].map(
    (match) => (match[1] ?? match[2])!,
  );
}

/**
 * The first start on PostgreSQL after mail was written to DATA_DIR/mail (no MAIL_HOST): each .eml
 * file is queued in the outbox under its file name, and deleted only once its row is committed.
 * Idempotent: a file whose row exists already (a crash between the two steps) is only deleted, and
 * a sent row keeps its file name. A file without a recipient stays where it is. Returns how many
 * mails were queued.
 */
export async function moveMailFilesIn(
  deps: { readonly db: Kysely<DB>; readonly keys: AppKeys; readonly clock: Clock },
  dir: string,
): Promise<number> {
  let moved = 0;
  for (const name of await filesToMoveIn(dir, (file) => file.endsWith('.eml') && !file.startsWith('.'))) {
    const file = path.join(dir, name);
    let eml: Buffer;
    try {
      eml = await readFile(file);
    } catch {
      continue; // removed meanwhile
    }
    const to = addressesOf(eml, 'to');
    if (to.length === 0) continue;
    const from = addressesOf(eml, 'from')[0] ?? '';
    if (await insertMail(deps.db, deps.keys, deps.clock.now(), { from, to, eml }, name)) moved += 1;
    await rm(file, { force: true });
  }
  return moved;
}

/** Writes `eml` to `file` (0600), unless the same content is there already (an export run again). */
async function writeOnce(file: string, eml: Buffer): Promise<void> {
  try {
    await writeFile(file, eml, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (!(await readFile(file)).equals(eml)) throw error;
  }
}

/**
 * `mail export <folder>`: every queued mail becomes an .eml file (mode 0600) in `folder`, and
 * leaves the outbox only once its file is written. Each row is locked while it is written, so a
 * replica's sender running meanwhile never sends it too. Returns what was written and how many
 * mails no key opens (they stay queued).
 */
export async function exportMail(
  deps: { readonly db: Kysely<DB>; readonly keys: AppKeys },
  folder: string,
): Promise<{ readonly files: readonly string[]; readonly unreadable: number }> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const files: string[] = [];
  let unreadable = 0;
  let after = 0;
  for (;;) {
    const done = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('mail_outbox')
        .select(['id', 'created_at', 'message', 'source'])
        .where('message', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!row) return true;
      after = row.id;
      const mail = unseal(deps.keys, row.id, row.message!);
      if (!mail) {
        unreadable += 1;
        return false;
      }
      const stamp = new Date(row.created_at).toISOString().replace(/[:.]/g, '-');
      const file = path.join(folder, `${stamp}-${row.id}.eml`);
      await writeOnce(file, mail.eml);
      await finish(trx, row);
      files.push(file);
      return false;
    });
    if (done) return { files, unreadable };
  }
}
