import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovableChips } from './RemovableChips';

/*
 * The rule is `@twofold/otp/websites`'s, the server's own: what the user types is kept as its
 * registrable domain (`https://gist.github.com/x` -> `github.com`). The module carries the Public
 * Suffix List: it loads when the field is first used, never with the form.
 */
const websitesModule = {
  queryKey: ['otp-websites-module'],
  queryFn: () => import('@twofold/otp/websites'),
  staleTime: Infinity,
  gcTime: Infinity,
} as const;

interface WebsitesFieldProps {
  readonly websites: readonly string[];
  readonly onChange: (websites: string[]) => void;
  /** The issuer, for a suggestion. */
  readonly service: string;
  /** The server's refusal, when a save was refused. */
  readonly error: string | undefined;
}

/** The account's websites as chips, each removable, and an input that adds a domain. */
export function WebsitesField({ websites, onChange, service, error }: WebsitesFieldProps) {
  const { t } = useTranslation('accountForm');
  const id = useId();
  const [draft, setDraft] = useState('');
  const [refused, setRefused] = useState<string | undefined>();
  const [used, setUsed] = useState(false);
  const rules = useQuery({ ...websitesModule, enabled: used || websites.length > 0 }).data;
  const suggestions =
    rules && service.trim() !== ''
      ? rules.suggestWebsites(service.trim()).domains.filter((domain) => !websites.includes(domain))
      : [];

  const add = async (raw: string) => {
    const typed = raw.trim();
    if (typed === '') return;
    const { normaliseWebsite, MAX_WEBSITES } = rules ?? (await import('@twofold/otp/websites'));
    const domain = normaliseWebsite(typed);
    if (domain === null) {
      setRefused(t('extras.notAWebsite', { value: typed }));
      return;
    }
    setRefused(undefined);
    setDraft('');
    if (websites.includes(domain)) return;
    if (websites.length >= MAX_WEBSITES) setRefused(t('extras.tooManyWebsites', { max: MAX_WEBSITES }));
    else onChange([...websites, domain]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',' || event.key === ' ') {
      event.preventDefault();
      void add(draft);
    }
  };
  const shownError = refused ?? error;

  return (
    <div className={`field tags-field${shownError ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{t('extras.websites')}</label>
      <RemovableChips
        items={websites}
        label={t('extras.websites')}
        removeLabel={(name) => t('extras.removeWebsite', { name })}
        onChange={onChange}
        dir="ltr"
      />
      <div className="field-with-addon">
        <input
          id={id}
          className="input"
          dir="ltr"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="github.com"
          value={draft}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${shownError ? `${id}-error ` : ''}${id}-help`}
          onFocus={() => setUsed(true)}
          onChange={(event) => {
            setDraft(event.target.value);
            setRefused(undefined);
          }}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="button"
          disabled={draft.trim() === ''}
          onClick={() => void add(draft)}
        >
          {t('extras.addWebsite')}
        </button>
      </div>
      {suggestions.length > 0 && (
        <p className="field-help">
          {t('extras.suggested')}{' '}
          {suggestions.map((domain) => (
            <button
              key={domain}
              type="button"
              className="link-button"
              dir="ltr"
              aria-label={t('extras.addSuggested', { name: domain })}
              onClick={() => onChange([...websites, domain])}
            >
              {domain}
            </button>
          ))}
        </p>
      )}
      <p id={`${id}-help`} className="field-help">
        {t('extras.websitesHelp')}
      </p>
      {shownError && (
        <p id={`${id}-error`} className="field-error">
          {shownError}
        </p>
      )}
    </div>
  );
}
