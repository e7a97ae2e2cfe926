import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { destinationsQuery } from '../../../entities/backup/backup.api';
import { SettingsSection } from '../../../ui/setting-controls';
import { Spinner } from '../../../ui/Spinner';
import { DestinationForm } from './DestinationForm';
import { DestinationItem } from './DestinationItem';

/** Settings, Backups, Destinations: this server's folder, then every WebDAV, S3 and SFTP one. */
export function DestinationsSection({ formatDate }: { readonly formatDate: (at: string) => string }) {
  const { t } = useTranslation('settings');
  const destinations = useQuery(destinationsQuery);
  const [adding, setAdding] = useState(false);
  const title = t('backups.destinations.title');
  return (
    <SettingsSection title={title}>
      <p className="field-help">{t('backups.destinations.lead')}</p>
      {destinations.isPending && <Spinner />}
      {destinations.data && (
        <ul className="destination-list" aria-label={title}>
          {destinations.data.map((destination) => (
            <DestinationItem key={destination.id} destination={destination} formatDate={formatDate} />
          ))}
        </ul>
      )}
      {adding ? (
        <DestinationForm onDone={() => setAdding(false)} />
      ) : (
        <div className="list-actions">
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            {t('backups.destinations.add')}
          </button>
        </div>
      )}
    </SettingsSection>
  );
}
