import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../entities/account/account.api';
import { useRovingFocus } from '../../ui/roving-focus';

/**
 * Whether an account carries every tag of the filter (several chips narrow the list). Tags are
 * named: a name is unique whatever its case, as the server keeps it.
 */
export function hasAllTags(account: Account, tagNames: ReadonlySet<string>): boolean {
  if (tagNames.size === 0) return true;
  const own = new Set(account.tags ?? []);
  return [...tagNames].every((name) => own.has(name));
}

/**
 * The tags of the accounts as chips: each press adds or removes one from the filter. One stop of
 * the Tab key, the arrow keys moving among them.
 */
export function TagFilter({
  accounts,
  chosen,
  onChange,
}: {
  readonly accounts: readonly Account[];
  readonly chosen: ReadonlySet<string>;
  readonly onChange: (next: ReadonlySet<string>) => void;
}) {
  const { t } = useTranslation('accounts');
  const tags = useMemo(() => {
    const names = new Set<string>();
    for (const account of accounts) for (const tag of account.tags ?? []) names.add(tag);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [accounts]);
  const roving = useRovingFocus(
    tags.length,
    tags.findIndex((name) => chosen.has(name)),
  );
  if (tags.length === 0) return null;
  const toggle = (name: string) => {
    const next = new Set(chosen);
    if (!next.delete(name)) next.add(name);
    onChange(next);
  };
  return (
    <div
      className="group-chips tag-chips"
      role="group"
      aria-label={t('tags.filter')}
      onKeyDown={roving.onKeyDown}
    >
      {tags.map((name, index) => (
        <button
          key={name}
          {...roving.itemProps(index)}
          type="button"
          className="group-chip"
          aria-pressed={chosen.has(name)}
          onClick={() => toggle(name)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
