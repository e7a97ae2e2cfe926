import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../ui/Spinner';

/** A QR code image of a migration URI, drawn in the browser (the payload holds secrets). */
async function qrImage(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}

/**
 * Google Authenticator's migration QR codes, one at a time ("2 of 5", previous, next), so that a
 * phone can scan them in turn; each holds at most 10 accounts.
 */
export function MigrationCodes({
  uris,
  skipped,
}: {
  readonly uris: readonly string[];
  readonly skipped: number;
}) {
  const { t } = useTranslation('accounts');
  const [index, setIndex] = useState(0);
  const uri = uris[index];
  const image = useQuery({
    queryKey: ['migration-qr', index, uri],
    queryFn: () => qrImage(uri ?? ''),
    enabled: uri !== undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
  if (uris.length === 0) return <p className="field-help">{t('export.noCodes')}</p>;
  const position = t('export.position', { index: index + 1, total: uris.length });
  return (
    <div className="migration-codes">
      {skipped > 0 && (
        <p className="callout callout-warning" role="note">
          {t('export.skipped', { count: skipped })}
        </p>
      )}
      <p className="field-help">{t('export.scanHelp')}</p>
      <div className="migration-code">
        {image.data ? (
          <img src={image.data} alt={t('export.codeAlt', { position })} width={280} height={280} />
        ) : (
          <Spinner />
        )}
      </div>
      <p className="migration-position" aria-live="polite">
        {position}
      </p>
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          disabled={index === 0}
          onClick={() => setIndex((current) => current - 1)}
        >
          {t('export.previous')}
        </button>
        <button
          type="button"
          className="button"
          disabled={index >= uris.length - 1}
          onClick={() => setIndex((current) => current + 1)}
        >
          {t('export.next')}
        </button>
      </div>
    </div>
  );
}
