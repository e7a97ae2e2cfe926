import * as Switch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import './setting-controls.css';

/** A setting's label and help text; the control's `aria-describedby` points at `${id}-help`. */
function SettingText({
  id,
  label,
  help,
}: {
  readonly id: string;
  readonly label: string;
  readonly help?: ReactNode;
}) {
  return (
    <div className="setting-text">
      <label htmlFor={id} className="setting-label">
        {label}
      </label>
      {help && (
        <p id={`${id}-help`} className="field-help">
          {help}
        </p>
      )}
    </div>
  );
}

/**
 * One setting as a switch: it takes effect (and is saved) the moment it changes, which is what a
 * switch announces to assistive technology.
 */
export function SwitchSetting({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  readonly label: string;
  readonly help?: ReactNode;
  readonly checked: boolean;
  readonly disabled?: boolean;
  readonly onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <SettingText id={id} label={label} help={help} />
      <Switch.Root
        id={id}
        className="switch"
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={help ? `${id}-help` : undefined}
      >
        <Switch.Thumb className="switch-thumb" />
      </Switch.Root>
    </div>
  );
}

/** One setting chosen from a short list; saved when the choice changes. */
export function SelectSetting<T extends string | number>({
  label,
  help,
  value,
  options,
  disabled,
  onChange,
}: {
  readonly label: string;
  readonly help?: ReactNode;
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly disabled?: boolean;
  readonly onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="setting-row">
      <SettingText id={id} label={label} help={help} />
      <select
        id={id}
        className="input setting-select"
        value={String(value)}
        disabled={disabled}
        aria-describedby={help ? `${id}-help` : undefined}
        onChange={(event) => {
          const chosen = options.find((option) => String(option.value) === event.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SettingsSection({
  title,
  children,
}: {
  readonly title: string;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="settings-card">{children}</div>
    </section>
  );
}

/** The warning shown where a feature is managed by the authentication proxy. */
export function ProxyWarning({ children }: { readonly children: ReactNode }) {
  return (
    <p className="callout callout-warning" role="note">
      {children}
    </p>
  );
}
