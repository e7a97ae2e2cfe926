import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { isOtpType, periodOf } from '@twofold/otp/browser';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../ui/Spinner';
import type { Otp } from './account.api';
import { useAccountSettings } from '../settings/account-settings';
import { copyToClipboard } from '../../ui/clipboard';
import { serverNow } from '../../ui/clock';
import { splitCode } from './code-format';
import './otp.css';

const DOTS = 10;

/** The server's time in ms (ui/clock.ts), read four times a second for the period dots. */
function useServerClock(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(timer);
  }, []);
  return now;
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
  /**
   * The code window (not a form's test): when the code first shows, the focus moves to Copy and,
   * when the settings say so (`copyOtpOnDisplay`), the code is copied.
   */
  readonly codeWindow?: boolean;
}

/**
 * A one-time password with its period dots (TOTP, Steam) or its counter (HOTP). A time-based code
 * is replaced by the next one at the end of its period, and a fresh one is fetched.
 */
export function OtpView({ query: options, onHotp, onError, onCopied, codeWindow }: OtpViewProps) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { settings } = useAccountSettings();
  const query = useQuery(options);
  const { refetch, error } = query;
  const otp = query.data;
  const now = useServerClock();
  const refetched = useRef<number | null>(null);
  const reported = useRef<Otp | null>(null);
  const copyButton = useRef<HTMLButtonElement>(null);
  const shown = useRef(false);

  const timeBased = otp?.generated_at !== undefined && otp.period !== undefined;
  const period = periodOf(otp?.otp_type ?? 'totp', otp?.period);
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
    if (!isOtpType(otp.otp_type)) {
      void navigate({ to: '/error', search: { err: t('otp.unsupported') } });
      return;
    }
    if (otp.otp_type === 'hotp' && reported.current !== otp) {
      reported.current = otp;
      onHotp?.(otp);
    }
  }, [navigate, onHotp, otp, t]);

  const ready = otp !== undefined && isOtpType(otp.otp_type) && ahead <= 1;
  const shownPassword = ready ? (ahead === 1 && otp.next_password ? otp.next_password : otp.password) : null;

  const copy = useCallback(
    async (text: string) => {
      if (await copyToClipboard(text, { copied: t('otp.copied'), failed: t('otp.copyFailed') })) onCopied?.();
    },
    [onCopied, t],
  );

  // The first time a code shows: the focus goes to Copy, and the code is copied when the settings say so.
  useEffect(() => {
    if (!codeWindow || shownPassword === null || shown.current) return;
    shown.current = true;
    copyButton.current?.focus();
    if (settings.copyOtpOnDisplay) void copy(shownPassword);
  }, [copy, codeWindow, settings.copyOtpOnDisplay, shownPassword]);

  if (!ready || shownPassword === null) {
    return query.isError ? (
      <p className="form-error" role="alert">
        {query.error.message}
      </p>
    ) : (
      <Spinner />
    );
  }

  const password = shownPassword;
  const elapsed = (now / 1000) % period;
  const lit = Math.min(DOTS, Math.floor((elapsed / period) * DOTS) + 1);

  return (
    <div className="otp-view">
      <CodeButton
        password={password}
        otpType={otp.otp_type}
        dotted={settings.showOtpAsDot}
        canReveal={settings.revealDottedOTP}
        onCopy={() => void copy(password)}
      />
      {timeBased ? (
        <ol className="otp-dots" aria-label={t('otp.progress', { lit, total: DOTS })}>
          {Array.from({ length: DOTS }, (_, index) => (
            <li key={index} className={index < lit ? 'on' : undefined} />
          ))}
        </ol>
      ) : (
        <p className="otp-counter">{t('otp.counter', { counter: otp.counter ?? 0 })}</p>
      )}
      <button
        type="button"
        ref={copyButton}
        className="button button-primary otp-copy"
        onClick={() => void copy(password)}
      >
        {t('otp.copy')}
      </button>
    </div>
  );
}

interface CodeButtonProps {
  readonly password: string;
  readonly otpType: string;
  /** Shown as dots (`showOtpAsDot`), with a Reveal switch when `canReveal` (`revealDottedOTP`). */
  readonly dotted: boolean;
  readonly canReveal: boolean;
  readonly onCopy: () => void;
}

/** The code, large; a click copies it. */
function CodeButton({ password, otpType, dotted, canReveal, onCopy }: CodeButtonProps) {
  const { t } = useTranslation('accounts');
  const [revealed, setRevealed] = useState(false);
  const hidden = dotted && !revealed;
  const parts = splitCode(password, otpType);
  return (
    <>
      <button type="button" className="otp-code-button" onClick={onCopy} title={t('otp.clickToCopy')}>
        <output className={`otp-code${hidden ? ' otp-dotted' : ''}`} aria-label={t('otp.code')} dir="ltr">
          {parts.map((part, index) => (
            <span key={index}>{hidden ? '●'.repeat(part.length) : part}</span>
          ))}
        </output>
      </button>
      {dotted && canReveal && (
        <button
          type="button"
          className="button button-small otp-reveal"
          aria-pressed={revealed}
          onClick={() => setRevealed(!revealed)}
        >
          {t('otp.reveal')}
        </button>
      )}
    </>
  );
}
