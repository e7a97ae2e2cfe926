import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_NOTICE_MS, formatDuration, SERVER_CLOCK_HELP, serverStatusQuery } from './server-status';

/**
 * On every signed-in screen while it lasts: the server's clock is wrong (by how much, and whose
 * codes are wrong), or this device's clock and the server's differ (one of them is wrong).
 */
export function ClockBanner() {
  const { t, i18n } = useTranslation();
  const { data } = useQuery(serverStatusQuery);
  if (!data) return null;
  const {
    server_offset_ms: serverOffset,
    device_offset_ms: deviceOffset,
    device_agrees: agrees,
  } = data.clock;
  if (serverOffset !== null) {
    const duration = formatDuration(serverOffset, i18n.language);
    return (
      <div className="clock-banner" role="alert">
        {t(serverOffset > 0 ? 'banner.serverClockAhead' : 'banner.serverClockBehind', { duration })}{' '}
        {t(agrees === true ? 'banner.codesCorrected' : 'banner.codesWrong')}{' '}
        <a href={SERVER_CLOCK_HELP} rel="noreferrer" target="_blank">
          {t('banner.serverClockHelp')}
        </a>
      </div>
    );
  }
  if (deviceOffset !== null && Math.abs(deviceOffset) > DEVICE_NOTICE_MS) {
    return (
      <div className="clock-banner" role="status">
        {t('banner.deviceClock', { duration: formatDuration(deviceOffset, i18n.language) })}
      </div>
    );
  }
  return null;
}
