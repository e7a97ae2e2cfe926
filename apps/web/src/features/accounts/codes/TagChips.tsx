import type { Account } from '../../../entities/account/account.api';

/** The account's tags, small, under its name. */
export function TagChips({ account }: { readonly account: Account }) {
  const tags = account.tags ?? [];
  if (tags.length === 0) return null;
  return (
    <span className="account-tags">
      {tags.map((tag) => (
        <span key={tag} className="account-tag">
          {tag}
        </span>
      ))}
    </span>
  );
}
