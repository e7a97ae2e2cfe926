import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RemovableChips } from './RemovableChips';
import { tagsQuery } from '../../entities/tag/tag.api';

/** Longest tag name the server takes. */
const TAG_MAX = 64;

interface TagsFieldProps {
  readonly tags: readonly string[];
  readonly onChange: (tags: string[]) => void;
}

/**
 * The account's tags as chips, each with its remove button, and an input suggesting the existing
 * tags: Enter or a comma adds what is typed (new names are created on save), Backspace on an
 * empty input removes the last chip.
 */
export function TagsField({ tags, onChange }: TagsFieldProps) {
  const { t } = useTranslation('accountForm');
  const id = useId();
  const [draft, setDraft] = useState('');
  const known = useQuery(tagsQuery).data ?? [];
  const has = (name: string) => tags.some((tag) => tag.toLowerCase() === name.toLowerCase());
  const suggestions = known.filter((tag) => !has(tag.name));

  const add = (raw: string) => {
    const name = raw.trim().slice(0, TAG_MAX);
    if (name !== '' && !has(name)) {
      // An existing tag keeps its spelling.
      const existing = known.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
      onChange([...tags, existing?.name ?? name]);
    }
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="field tags-field">
      <label htmlFor={id}>{t('extras.tags')}</label>
      <RemovableChips
        items={tags}
        label={t('extras.tags')}
        removeLabel={(name) => t('extras.removeTag', { name })}
        onChange={onChange}
      />
      <div className="field-with-addon">
        <input
          id={id}
          className="input"
          list={`${id}-suggestions`}
          autoComplete="off"
          maxLength={TAG_MAX}
          value={draft}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            // A suggestion picked from the list arrives whole: it is added at once.
            const value = event.target.value;
            if (known.some((tag) => tag.name === value)) add(value);
            else setDraft(value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => add(draft)}
        />
        <button type="button" className="button" disabled={draft.trim() === ''} onClick={() => add(draft)}>
          {t('extras.addTag')}
        </button>
      </div>
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((tag) => (
          <option key={tag.id} value={tag.name} />
        ))}
      </datalist>
      <p id={`${id}-help`} className="field-help">
        {t('extras.tagsHelp')}
      </p>
    </div>
  );
}
