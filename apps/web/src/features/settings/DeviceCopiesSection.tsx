import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceCopiesQuery, type DeviceCopyRecord } from '../../entities/device-copy/device-copies.api';
import { deviceLabel, parseUserAgent } from '../../lib/user-agent';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SettingsSection } from '../../ui/setting-controls';
import { Spinner } from '../../ui/Spinner';

/** The devices that keep a copy (as the server records them), each revocable. */
export function DeviceCopiesSection({
  thisCopy,
  revoke,
}: {
  readonly thisCopy: string | null;
  readonly revoke: (id: string) => void;
}) {
  const { t, i18n } = useTranslation(['offline', 'settings']);
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const copies = useQuery(deviceCopiesQuery);
  const [revoking, setRevoking] = useState<DeviceCopyRecord | null>(null);
  const ownRecord = copies.data?.find((copy) => copy.id === thisCopy);
  return (
    <>
      <SettingsSection title={t('copies.title')}>
        <p className="field-help">{t('copies.lead')}</p>
        {copies.isPending && <Spinner />}
        <ul className="item-list" aria-label={t('copies.title')}>
          {copies.data?.map((copy) => (
            <li key={copy.id} className="item">
              <div className="item-main">
                <span className="item-title">
                  {copy.name}
                  {copy === ownRecord && ` ${t('copies.thisDevice')}`}
                </span>
                <span className="item-meta">
                  {t('copies.meta', {
                    created: date.format(new Date(copy.created_at)),
                    refreshed: date.format(new Date(copy.refreshed_at)),
                  })}
                </span>
                <span className="item-meta" title={copy.user_agent}>
                  {deviceLabel(parseUserAgent(copy.user_agent), t('settings:security.unknownDevice'))}
                </span>
              </div>
              <div className="item-actions">
                <button type="button" className="link-button link-danger" onClick={() => setRevoking(copy)}>
                  {t('copies.revoke')}
                  <span className="visually-hidden"> {copy.name}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
        {copies.isSuccess && copies.data.length === 0 && <p className="empty">{t('copies.none')}</p>}
      </SettingsSection>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={t('copies.confirmRevoke', { name: revoking?.name ?? '' })}
        description={t('copies.revokeWarning')}
        confirmLabel={t('copies.revoke')}
        danger
        onConfirm={() => revoking && revoke(revoking.id)}
      />
    </>
  );
}
