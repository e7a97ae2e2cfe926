import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { wholeCodeLogQuery } from '../../entities/account/code-log.api';
import { Spinner } from '../../ui/Spinner';
import { SettingsSection } from '../../ui/setting-controls';

/** The newest entries of the whole log shown here. */
const RECENT = 20;

/**
 * Security: how the server keeps its code log (merged per requester, account and minute; for how
 * many days and rows; kept after an account's deletion) and its newest entries, accounts deleted
 * since marked.
 */
export function CodeLogSection({ timeFormat }: { readonly timeFormat: Intl.DateTimeFormat }) {
  const { t, i18n } = useTranslation('settings', { keyPrefix: 'security.codeLog' });
  const log = useQuery(wholeCodeLogQuery(RECENT));
  const kept = log.data?.kept;
  const entries = log.data?.entries ?? [];
  return (
    <SettingsSection title={t('title')}>
      {log.isPending && <Spinner />}
      {kept && !kept.enabled && <p className="callout">{t('off')}</p>}
      {kept && (
        <div className="security-kept">
          <p>{t('merged')}</p>
          <p>
            {t('kept', {
              count: kept.days,
              rows: new Intl.NumberFormat(i18n.language).format(kept.max_rows),
            })}
          </p>
          <p>{t('survives')}</p>
        </div>
      )}
      {entries.length > 0 && (
        <ul className="item-list" aria-label={t('recent')}>
          {entries.map((entry, at) => (
            <li key={`${entry.generated_at}-${at}`} className="item">
              <div className="item-main">
                <span className="item-title">
                  {[entry.service, entry.account].filter(Boolean).join(' · ') || '—'}
                  {entry.deleted && <span className="security-deleted"> {t('deleted')}</span>}
                </span>
                <span className="item-meta">
                  {t('meta', {
                    date: timeFormat.format(new Date(entry.generated_at)),
                    ip: entry.ip_address ?? '—',
                    reads: t('reads', { count: entry.count }),
                  })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {log.isSuccess && entries.length === 0 && <p className="empty">{t('none')}</p>}
    </SettingsSection>
  );
}
