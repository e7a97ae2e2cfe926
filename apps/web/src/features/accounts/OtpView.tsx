import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import type { Otp } from '../../entities/account/account.api';
import { useAccountSettings } from '../../entities/settings/account-settings';
import { copyToClipboard } from '../../ui/clipboard';

const DOTS = 10;
const KNOWN_TYPES = new Set(['totp', 'hotp', 'steamtotp']);

/** Steam codes stay whole (they are read as one word); the others are shown in two halves. */
export function splitCode(password: string, otpType: string): string[] {
  if (otpType === 'steamtotp') return [password];
  const half = Math.ceil(password.length / 2);
  return [password.slice(0, half), password.slice(half)];
}

/** Server time in ms: the local clock unless it is clearly off (then the server's offset is used). */
function useServerClock(generatedAt: number | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (generatedAt === undefined) return now;
  // generated_at is whole seconds: an offset under 1.5 s is rounding and latency, not skew.
  const offset = generatedAt * 1000 - receivedAt;
  return Math.abs(offset) < 1500 ? now : now + offset;
}

interface OtpViewProps {
  /** The code to show, from the account entity's factories (`otpQuery` and its siblings). */
  readonly query: UseQueryOptions<Otp>;
  /** HOTP: the counter after use (and the uri, for a test of the edit form). */
  readonly onHotp?: (otp: Otp) => void;
  /** The code could not be generated (the form shows why under its fields). */
  readonly onError?: (error: Error) => void;
  /** Called after a successful copy (the modal may close, the session may end). */
  readonly onCopied?: () => void;
}

/**
 * A one-time password with its period dots (TOTP, Steam) or its counter (HOTP). A time-based code
 * is replaced by the next one at the end of its period, and a fresh one is fetched.
 */
export function OtpView({ query: options, onHotp, onError, onCopied }: OtpViewProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { settings } = useAccountSettings();
  const query = useQuery(options);
  const { refetch, error } = query;
  const otp = query.data;
  const now = useServerClock(otp?.generated_at, query.dataUpdatedAt);
  const refetched = useRef<number | null>(null);
  const reported = useRef<Otp | null>(null);

  const timeBased = otp?.generated_at !== undefined && otp.period !== undefined;
  const period = otp?.period ?? 30;
  const generatedWindow = otp?.generated_at !== undefined ? Math.floor(otp.generated_at / period) : 0;
  const currentWindow = Math.floor(now / 1000 / period);
  const ahead = timeBased ? currentWindow - generatedWindow : 0;

  // At the end of the period: a fresh code from the server (the next one is shown meanwhile).
  useEffect(() => {
    if (!timeBased || ahead < 1 || refetched.current === currentWindow) return;
    refetched.current = currentWindow;
    void refetch();
  }, [ahead, currentWindow, refetch, timeBased]);

  useEffect(() => {
    if (error) onError?.(error);
  }, [error, onError]);

  useEffect(() => {
    if (!otp) return;
    if (!KNOWN_TYPES.has(otp.otp_type)) {
      void navigate({ to: '/error', search: { err: t('otp.unsupported') } });
      return;
    }
    if (otp.otp_type === 'hotp' && reported.current !== otp) {
      reported.current = otp;
      onHotp?.(otp);
    }
  }, [navigate, onHotp, otp, t]);

  if (!otp || !KNOWN_TYPES.has(otp.otp_type) || ahead > 1) {
    return query.isError ? (
      <p className="form-error" role="alert">
        {query.error.message}
      </p>
    ) : (
      <Spinner />
    );
  }

  const password = ahead === 1 && otp.next_password ? otp.next_password : otp.password;
  const parts = splitCode(password, otp.otp_type);
  const elapsed = (now / 1000) % period;
  const lit = Math.min(DOTS, Math.floor((elapsed / period) * DOTS) + 1);

  const copy = async () => {
    if (await copyToClipboard(password, { copied: t('otp.copied'), failed: t('otp.copyFailed') }))
      onCopied?.();
  };

  return (
    <div className="otp-view">
      <button
        type="button"
        className="otp-code-button"
        onClick={() => void copy()}
        title={t('otp.clickToCopy')}
      >
        <output
          className={`otp-code${settings.showOtpAsDot ? ' otp-dotted' : ''}`}
          aria-label={t('otp.code')}
        >
          {settings.showOtpAsDot
            ? parts.map((part, index) => <span key={index}>{'●'.repeat(part.length)}</span>)
            : parts.map((part, index) => <span key={index}>{part}</span>)}
        </output>
      </button>
      {timeBased ? (
        <ol className="otp-dots" aria-label={t('otp.progress', { lit, total: DOTS })}>
          {Array.from({ length: DOTS }, (_, index) => (
            <li key={index} className={index < lit ? 'on' : undefined} />
          ))}
        </ol>
      ) : (
        <p className="otp-counter">{t('otp.counter', { counter: otp.counter ?? 0 })}</p>
      )}
      <button type="button" className="button button-primary otp-copy" onClick={() => void copy()}>
        {t('otp.copy')}
      </button>
    </div>
  );
}
