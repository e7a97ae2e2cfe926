import './copy-recovery.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Account } from '../data-source';
import { revealedExtrasQuery } from './extras.api';

/**
 * An account's note and recovery codes read from this device's copy (offline, unlocked): read
 * only, as changing them needs the server; or, when the user did not choose to keep them in the
 * copy, a plain sentence that they are not on this device.
 */
export function CopyRecoveryView({ account }: { readonly account: Account }) {
  const { t } = useTranslation('offline');
  const recovery = useQuery(revealedExtrasQuery(account.id));
  if (recovery.isPending || recovery.isError) return null;
  const kept = recovery.data;
  return (
    <section className="copy-recovery" aria-labelledby={`copy-recovery-${account.id}`}>
      <h3 id={`copy-recovery-${account.id}`}>{t('extras.title')}</h3>
      {kept === null ? (
        <p>{t('extras.notKept')}</p>
      ) : (
        <>
          {kept.note !== null && (
            <div className="copy-recovery-note">
              <h4>{t('extras.note')}</h4>
              {/* The user's own text, in whatever direction it is written. */}
              <p dir="auto">{kept.note}</p>
            </div>
          )}
          {kept.recovery_codes.length === 0 ? (
            <p>{t('extras.noCodes')}</p>
          ) : (
            <ul className="copy-recovery-codes" aria-label={t('extras.codes')}>
              {kept.recovery_codes.map((code) => (
                <li key={code.id} className={code.used_at ? 'copy-recovery-used' : undefined}>
                  <code dir="ltr">{code.code}</code>{' '}
                  <span>{code.used_at ? t('extras.used') : t('extras.unused')}</span>
                </li>
              ))}
            </ul>
          )}
          <p className="field-help">{t('extras.readOnly')}</p>
        </>
      )}
    </section>
  );
}
