import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/account/account.api';

/**
 * That the account has recovery codes, and how many are unused: counts only, never the codes. On a
 * phone it shrinks to a key and "unused/total", the full sentence staying there for assistive
 * technology (its name holds both, so that a voice-control user can say what they see), and the row
 * keeps its room for the service and the account.
 */
export function RecoveryBadge({ account }: { readonly account: Account }) {
  const { t } = useTranslation('accounts');
  const counts = account.recovery_codes;
  if (!counts || counts.total === 0) return null;
  const label = t('recovery.badge', { unused: counts.unused, total: counts.total });
  return (
    <Link
      className="recovery-badge"
      to="/account/$twofaccountId/recovery"
      params={{ twofaccountId: String(account.id) }}
      title={label}
    >
      <span className="recovery-badge-long">{label}</span>
      <span className="recovery-badge-short">
        <svg
          width="12"
          height="12"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <circle cx="8" cy="15" r="4" />
          <path d="M10.8 12.2 20 3M17 6l3 3M14 9l2 2" />
        </svg>
        {counts.unused}/{counts.total}
      </span>
    </Link>
  );
}
