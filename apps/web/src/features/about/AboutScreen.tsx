import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { appConfigQuery, infosQuery } from '../../entities/server/server.api';
import { copyToClipboard } from '../../ui/clipboard';
import { Spinner } from '../../ui/Spinner';
import { DataDisk } from './DataDisk';

/** Settings whose name the Settings screen gives outside its list of options. */
const OTHER_LABELS: Readonly<Record<string, string>> = {
  useWebauthnOnly: 'settings:devices.useWebauthnOnly.label',
  useWebauthnAsDefault: 'settings:devices.useWebauthnAsDefault.label',
  notifyOnNewAuthDevice: 'settings:alerts.kinds.new_device',
  notifyOnFailedLogin: 'settings:alerts.kinds.failed_sign_in',
};

function displayValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * About: version, teaser, links, credits, the environment list (GET /infos; the
 * details only for the signed-in user) with a copy button, and the user's options when present.
 */
export function AboutScreen() {
  const { t, i18n } = useTranslation(['about', 'errors', 'settings']);
  // A setting's name as the Settings screen shows it, or the About screen's own name for one that
  // Settings shows elsewhere or not at all; its key only for a custom setting.
  const optionLabel = (key: string) => {
    const names = [
      `settings:options.${key}.label`,
      ...(OTHER_LABELS[key] ? [OTHER_LABELS[key]] : []),
      `about:environment.optionNames.${key}`,
    ];
    const found = names.find((name) => i18n.exists(name));
    return found ? t(found) : key;
  };
  const router = useRouter();
  const { data: config } = useSuspenseQuery(appConfigQuery);
  const infos = useQuery(infosQuery);
  const { options, ...environment } = infos.data ?? {};
  const optionEntries = Object.entries(options ?? {});
  const environmentEntries = Object.entries(environment);
  const report = [
    ...environmentEntries.map(([key, value]) => `${key}: ${displayValue(value)}`),
    ...(optionEntries.length > 0
      ? ['', 'options:', ...optionEntries.map(([key, value]) => `  ${key}: ${displayValue(value)}`)]
      : []),
  ].join('\n');

  return (
    <main className="page about">
      <header className="about-header">
        <img src="/favicon.svg" alt="" width={56} height={56} className="about-logo" />
        <div>
          <h1>Twofold</h1>
          <p className="about-version">{t('version', { version: config.version })}</p>
        </div>
      </header>
      <p className="about-teaser">{t('teaser')}</p>

      <section aria-labelledby="about-links" className="about-section">
        <h2 id="about-links">{t('links.title')}</h2>
        <ul className="about-links">
          <li>
            <a href="https://github.com/Bubka/2FAuth" rel="noreferrer" target="_blank">
              {t('links.inspiration')}
            </a>
          </li>
          <li>
            <a href="https://github.com/Bubka/2fauth-webext" rel="noreferrer" target="_blank">
              {t('links.extension')}
            </a>
          </li>
        </ul>
      </section>

      <section aria-labelledby="about-credits" className="about-section">
        <h2 id="about-credits">{t('credits.title')}</h2>
        <p>{t('credits.text')}</p>
      </section>

      <section aria-labelledby="about-environment" className="about-section">
        <div className="about-section-head">
          <h2 id="about-environment">{t('environment.title')}</h2>
          <button
            type="button"
            className="button"
            disabled={!infos.data}
            onClick={() =>
              void copyToClipboard(report, { copied: t('common:copied'), failed: t('common:copyFailed') })
            }
          >
            {t('environment.copy')}
          </button>
        </div>
        {infos.isPending && <Spinner />}
        <dl className="env-list">
          {environmentEntries.map(([key, value]) => (
            <div key={key} className="env-row">
              <dt>{key}</dt>
              <dd>{displayValue(value)}</dd>
            </div>
          ))}
        </dl>
        {optionEntries.length > 0 && (
          <>
            <h3>{t('environment.options')}</h3>
            <dl className="env-list">
              {optionEntries.map(([key, value]) => (
                <div key={key} className="env-row">
                  <dt title={key}>{optionLabel(key)}</dt>
                  <dd>{displayValue(value)}</dd>
                </div>
              ))}
            </dl>
          </>
        )}
      </section>

      {options !== undefined && <DataDisk />}

      <p className="about-back">
        <button type="button" className="link-button" onClick={() => router.history.back()}>
          {t('common:actions.back')}
        </button>
        <Link to="/accounts">{t('errors:backHome')}</Link>
      </p>
    </main>
  );
}
