import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';

/** Whether an account carries every tag of the filter (several chips narrow the list). */
export function hasAllTags(account: Account, tagIds: ReadonlySet<number>): boolean {
  if (tagIds.size === 0) return true;
  const own = new Set((account.tags ?? []).map((tag) => tag.id));
  return [...tagIds].every((id) => own.has(id));
}

/** The tags of the accounts as chips: each press adds or removes one from the filter. */
export function TagFilter({
  accounts,
  chosen,
  onChange,
}: {
  readonly accounts: readonly Account[];
  readonly chosen: ReadonlySet<number>;
  readonly onChange: (next: ReadonlySet<number>) => void;
}) {
  const { t } = useTranslation('accounts');
  const tags = useMemo(() => {
    const byId = new Map<number, string>();
    for (const account of accounts) for (const tag of account.tags ?? []) byId.set(tag.id, tag.name);
    return [...byId].sort(([, a], [, b]) => a.localeCompare(b));
  }, [accounts]);
  if (tags.length === 0) return null;
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };
  return (
    <div className="group-chips tag-chips" role="group" aria-label={t('tags.filter')}>
      {tags.map(([id, name]) => (
        <button
          key={id}
          type="button"
          className="group-chip"
          aria-pressed={chosen.has(id)}
          onClick={() => toggle(id)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
