import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

interface ErrorScreenProps {
  readonly variant: 'notFound' | 'flooded' | 'generic' | 'proxy' | 'offline';
  /** The server's message (generic variant). */
  readonly message?: string | undefined;
  /** The proxy failure cannot be closed: there is nowhere to go back to. */
  readonly closable?: boolean;
  /** Technical detail (a stack trace), shown only in development builds. */
  readonly debug?: string | undefined;
  /** A page of its own (the error routes): the screen is the page's main landmark. */
  readonly page?: boolean;
  /** The name of the page whose data could not be loaded (a route's error). */
  readonly failed?: string | undefined;
  /** Loads the page again (a route's error: its loaders run again). */
  readonly onRetry?: (() => void) | undefined;
}

/** 404, flooded, generic and server-unreachable errors share one screen. */
export function ErrorScreen(props: ErrorScreenProps) {
  const { variant, message, closable = true, debug, page, failed, onRetry } = props;
  const { t } = useTranslation('errors');
  // Inside a layout (a route's error), the layout's <main> holds it already.
  const Landmark = page ? 'main' : 'section';
  return (
    <Landmark className="error-screen" aria-labelledby="error-title">
      <div className="error-illustration" aria-hidden="true">
        {variant === 'notFound' ? '404' : '!'}
      </div>
      <h1 id="error-title">{t(`${variant}.title`)}</h1>
      {failed && <p className="error-failed">{t('loadFailed', { page: failed })}</p>}
      <p className="error-legend">{t(`${variant}.legend`)}</p>
      {message && variant !== 'notFound' && <p className="error-message">{message}</p>}
      {import.meta.env.DEV && debug && <pre className="error-debug">{debug}</pre>}
      {onRetry && (
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      )}
      {variant === 'offline' && (
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('tryAgain')}
        </button>
      )}
      {closable && (
        <Link to="/accounts" className="button button-primary">
          {t('backHome')}
        </Link>
      )}
    </Landmark>
  );
}
