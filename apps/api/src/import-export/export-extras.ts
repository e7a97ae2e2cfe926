import type { Deps } from '../shared/deps.js';
import type { AccountView } from '../accounts/accounts.mapper.js';
import { readRecovery } from '../extras/extras.service.js';
import { readNativeSetting } from '../settings/settings.queries.js';
import { tagsByAccount } from '../tags/tags.queries.js';
import { websitesByAccount } from '../accounts/account-websites.js';
import type { AegisExtras } from './aegis-export.js';

/** Notes, tag names, recovery codes and websites of the exported accounts, for the Aegis vault (and so the backups). */
export async function aegisExtras(
  deps: Deps,
  views: readonly AccountView[],
): Promise<(id: number) => AegisExtras> {
  const ids = views.map((view) => view.id);
  const tags = await tagsByAccount(deps.db, ids);
  const websites = await websitesByAccount(deps.db, ids);
  const encrypted = await readNativeSetting(deps.db, 'useEncryption');
  const recovery = new Map<number, Awaited<ReturnType<typeof readRecovery>>>();
  const holders = [
    ...(await deps.db.selectFrom('account_notes').select('account_id').execute()),
    ...(await deps.db.selectFrom('recovery_codes').select('account_id').distinct().execute()),
  ];
  const wanted = new Set(ids);
  for (const { account_id: id } of holders) {
    if (wanted.has(id) && !recovery.has(id))
      recovery.set(id, await readRecovery(deps.db, deps.keys, id, encrypted));
  }
  return (id) => ({
    note: recovery.get(id)?.note ?? null,
    tags: (tags.get(id) ?? []).map((tag) => tag.name),
    websites: websites.get(id) ?? [],
    recoveryCodes: (recovery.get(id)?.recovery_codes ?? []).map(({ code, used_at }) => ({ code, used_at })),
  });
}
