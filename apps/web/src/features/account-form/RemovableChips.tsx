/** The names a field holds, each a chip with its own remove button (tags, websites). */
export function RemovableChips({
  items,
  label,
  removeLabel,
  onChange,
  dir,
}: {
  readonly items: readonly string[];
  /** The list's accessible name (the field's label). */
  readonly label: string;
  /** The remove button's accessible name for one item. */
  readonly removeLabel: (item: string) => string;
  readonly onChange: (items: string[]) => void;
  /** `ltr` for what is always written left to right (domains), also in Arabic. */
  readonly dir?: 'ltr' | undefined;
}) {
  if (items.length === 0) return null;
  return (
    <ul className="tag-chips" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="tag-chip">
          <span dir={dir}>{item}</span>
          <button
            type="button"
            className="tag-chip-remove"
            aria-label={removeLabel(item)}
            onClick={() => onChange(items.filter((other) => other !== item))}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
