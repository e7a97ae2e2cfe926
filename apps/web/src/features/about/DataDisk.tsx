import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverStatusQuery } from '../../entities/server/server-status';
import { formatMegabytes } from '../../ui/byte-size';

/** The free space of the server's data disk (DATA_DIR), with a warning when it runs low. */
export function DataDisk() {
  const { t, i18n } = useTranslation('about');
  const { data } = useQuery(serverStatusQuery);
  const disk = data?.disk;
  if (!disk) return null;
  const percent = disk.total_bytes > 0 ? Math.round((disk.free_bytes / disk.total_bytes) * 100) : 0;
  return (
    <section aria-labelledby="about-disk" className="about-section">
      <h2 id="about-disk">{t('disk.title')}</h2>
      <p>
        {t('disk.free', {
          free: formatMegabytes(disk.free_bytes, i18n.language),
          total: formatMegabytes(disk.total_bytes, i18n.language),
          percent,
        })}
      </p>
      {(disk.low || disk.full) && (
        <p className="callout callout-warning" role="alert">
          {t(disk.full ? 'disk.full' : 'disk.low')}
        </p>
      )}
    </section>
  );
}
