import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** Under a stored account's form: the way to who had the server compute its codes. */
export function CodeLogLink({ accountId }: { readonly accountId: number }) {
  const { t } = useTranslation('accountForm');
  return (
    <p className="page narrow account-form-more">
      <Link to="/account/$twofaccountId/code-log" params={{ twofaccountId: String(accountId) }}>
        {t('codeLog.title')}
      </Link>
    </p>
  );
}
