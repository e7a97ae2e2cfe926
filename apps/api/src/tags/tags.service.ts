import type { Deps } from '../shared/deps.js';
import type { Executor } from '../db/database.js';
import { uniqueViolation } from '../db/driver-errors.js';
import { errors } from '../http/errors.js';
import { fieldError, invalid, invalidFields } from '../http/field-errors.js';
import type { FieldError } from '../http/errors.js';
import { TAG_NAME_MAX } from './tags.schemas.js';
import {
  addTagToAccounts,
  deleteTag,
  existingAccountIds,
  findTag,
  insertTag,
  removeTagFromAccounts,
  renameTag,
  replaceAccountTags,
  tagExists,
  tagNamed,
  type TagRow,
} from './tags.queries.js';

/** A tag name trimmed, or the field error it breaks (empty, too long). */
function checkName(raw: unknown, field: string): { name: string } | { error: FieldError } {
  if (typeof raw !== 'string') return { error: fieldError(field, 'validation.string') };
  const name = raw.trim();
  if (name === '') return { error: fieldError(field, 'validation.required') };
  if ([...name].length > TAG_NAME_MAX)
    return { error: fieldError(field, 'validation.max.string', { max: TAG_NAME_MAX }) };
  return { name };
}

function nameOrThrow(raw: unknown, field: string): string {
  const checked = checkName(raw, field);
  if ('error' in checked) throw invalidFields([checked.error], [field]);
  return checked.name;
}

/** Two requests creating the same name at once: the unique index stops the second, same 422. */
function takenMeanwhile(error: unknown): never {
  if (uniqueViolation(error) === 'tags_name_lower_idx') throw invalid('name', 'validation.unique');
  throw error;
}

export async function createTag(deps: Deps, rawName: unknown): Promise<TagRow> {
  const name = nameOrThrow(rawName, 'name');
  if (await tagNamed(deps.db, name)) throw invalid('name', 'validation.unique');
  const id = await insertTag(deps.db, name, deps.clock.now()).catch(takenMeanwhile);
  return { id, name, twofaccounts_count: 0 };
}

export async function renameTagTo(deps: Deps, id: number, rawName: unknown): Promise<TagRow> {
  if (!(await tagExists(deps.db, id))) throw errors.notFound();
  const name = nameOrThrow(rawName, 'name');
  if (await tagNamed(deps.db, name, id)) throw invalid('name', 'validation.unique');
  await renameTag(deps.db, id, name, deps.clock.now()).catch(takenMeanwhile);
  const tag = await findTag(deps.db, id);
  if (!tag) throw errors.notFound();
  return tag;
}

export async function removeTag(deps: Deps, id: number): Promise<void> {
  if (!(await tagExists(deps.db, id))) throw errors.notFound();
  await deleteTag(deps.db, id);
}

/** Manage mode: tag (`add`) or untag the listed accounts; unknown ids are ignored. */
export async function tagAccounts(
  deps: Deps,
  id: number,
  accountIds: readonly number[],
  action: 'add' | 'remove',
): Promise<TagRow> {
  if (!(await tagExists(deps.db, id))) throw errors.notFound();
  if (action === 'add') await addTagToAccounts(deps.db, id, await existingAccountIds(deps.db, accountIds));
  else await removeTagFromAccounts(deps.db, id, accountIds);
  const tag = await findTag(deps.db, id);
  if (!tag) throw errors.notFound();
  return tag;
}

/**
 * The `tags` of an account create or update, checked before anything is stored: each name
 * trimmed, 1 to 64 characters (422 on `tags.N`); names equal but for case count once.
 */
export function tagNamesOf(raw: unknown): string[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!Array.isArray(raw)) throw invalid('tags', 'validation.array');
  const names: string[] = [];
  const seen = new Set<string>();
  const failures: FieldError[] = [];
  raw.forEach((item, index) => {
    const checked = checkName(item, `tags.${index}`);
    if ('error' in checked) failures.push(checked.error);
    else if (!seen.has(checked.name.toLowerCase())) {
      seen.add(checked.name.toLowerCase());
      names.push(checked.name);
    }
  });
  if (failures.length > 0) throw invalidFields(failures, ['tags']);
  return names;
}

/** Ids of the named tags, creating those that do not exist (inside the caller's transaction). */
export async function ensureTags(trx: Executor, names: readonly string[], now: Date): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const existing = await tagNamed(trx, name);
    ids.push(existing ? existing.id : await insertTag(trx, name, now));
  }
  return ids;
}

/** The account carries exactly the named tags afterwards. */
export async function setAccountTags(
  trx: Executor,
  accountId: number,
  names: readonly string[],
  now: Date,
): Promise<void> {
  await replaceAccountTags(trx, accountId, await ensureTags(trx, names, now));
}
