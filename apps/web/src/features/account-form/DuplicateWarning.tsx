import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findDuplicates } from '../../entities/account/account.api';

export interface DuplicateMatch {
  readonly id: number;
  readonly service: string | null;
  readonly account: string;
}

/** The account about to be created has a secret already stored: open that one, or add it anyway. */
export function DuplicateWarning({
  matches,
  onAddAnyway,
}: {
  matches: readonly DuplicateMatch[];
  onAddAnyway: () => void;
}) {
  const { t } = useTranslation('accountForm');
  if (matches.length === 0) return null;
  return (
    <div className="duplicate-warning" role="alert">
      <p>{t('duplicate.title')}</p>
      <ul>
        {matches.map((match) => {
          const name = match.service ? `${match.service} (${match.account})` : match.account;
          return (
            <li key={match.id}>
              <Link to="/account/$twofaccountId/edit" params={{ twofaccountId: String(match.id) }}>
                {t('duplicate.open', { name })}
              </Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button" onClick={onAddAnyway}>
        {t('duplicate.addAnyway')}
      </button>
    </div>
  );
}

/**
 * The check before a creation (when `wanted`): `isDuplicate` asks the server for stored accounts
 * with the same type and secret (a failed check lets the creation go on) and keeps them for the
 * warning.
 */
export function useDuplicateCheck() {
  const [matches, setMatches] = useState<readonly DuplicateMatch[]>([]);
  const isDuplicate = async (body: { otp_type: string; secret?: string | null }, wanted: boolean) => {
    const found =
      wanted && body.secret ? await findDuplicates(body.otp_type, body.secret).catch(() => []) : [];
    setMatches(found);
    return found.length > 0;
  };
  return { matches, isDuplicate, clear: () => setMatches([]) };
}
