import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../entities/account/account.api';

/** That the account has recovery codes, and how many are unused: counts only, never the codes. */
export function RecoveryBadge({ account }: { readonly account: Account }) {
  const { t } = useTranslation('accounts');
  const counts = account.recovery_codes;
  if (!counts || counts.total === 0) return null;
  return (
    <Link
      className="recovery-badge"
      to="/account/$twofaccountId/recovery"
      params={{ twofaccountId: String(account.id) }}
    >
      {t('recovery.badge', { unused: counts.unused, total: counts.total })}
    </Link>
  );
}
