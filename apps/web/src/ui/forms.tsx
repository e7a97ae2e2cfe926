import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { isApiError } from '../api/client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

interface FieldFrameProps {
  readonly label: string;
  readonly error?: string | undefined;
  readonly help?: ReactNode;
}

/** The label, help and error around one control, and the attributes that tie them to it. */
function FieldFrame({
  label,
  error,
  help,
  id,
  className,
  control,
}: FieldFrameProps & {
  readonly id: string | undefined;
  readonly className: string | undefined;
  readonly control: (wiring: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const helpId = `${inputId}-help`;
  const describedBy = [error ? errorId : null, help ? helpId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={inputId}>{label}</label>
      {control({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {help && (
        <p id={helpId} className="field-help">
          {help}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type FieldProps = FieldFrameProps & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input with its error and help text wired for assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, help, id, className, ...input },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      help={help}
      id={id}
      className={className}
      control={(wiring) => <input ref={ref} {...wiring} {...input} />}
    />
  );
});

type TextAreaFieldProps = FieldFrameProps & TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A labelled multi-line input (a key, a list), wired as `Field` is. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, help, id, className, ...input },
  ref,
) {
  return (
    <FieldFrame
      label={label}
      error={error}
      help={help}
      id={id}
      className={className}
      control={(wiring) => <textarea ref={ref} {...wiring} {...input} />}
    />
  );
});

/**
 * Puts a 422's field messages under the form's fields. Returns false when the
 * error is not a validation error, so the caller can hand it to the global handling.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!isApiError(error, 422)) return false;
  const messages = error.fieldErrors;
  let placed = false;
  for (const [field, list] of Object.entries(messages)) {
    const text = list[0];
    if (!text) continue;
    const target = (fields as readonly string[]).includes(field)
      ? (field as Path<T>)
      : ('root.server' as Path<T>);
    setError(target, { type: 'server', message: text });
    placed = true;
  }
  if (!placed) setError('root.server', { type: 'server', message: error.message });
  return true;
}

export function FormError({ message }: { readonly message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
