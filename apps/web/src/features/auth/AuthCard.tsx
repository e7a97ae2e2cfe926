import { useId, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, FormError } from '../../ui/forms';

/**
 * The card every signed-out screen is (sign-in, registration, password reset, the e-mail requests,
 * device recovery): a section named by its heading, an optional lead, its content, a footer line.
 */
export function AuthCard({
  title,
  lead,
  footer,
  children,
}: {
  readonly title: ReactNode;
  readonly lead?: ReactNode;
  readonly footer?: ReactNode;
  readonly children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section className="card auth-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {lead !== undefined && <p className="lead">{lead}</p>}
      {children}
      {footer !== undefined && <p className="card-footer-text">{footer}</p>}
    </section>
  );
}

/** A signed-out screen's form: its fields, the server's error, one full-width submit button, then `after`. */
export function AuthForm({
  onSubmit,
  submitLabel,
  submitting,
  serverError,
  children,
  after,
}: {
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  readonly submitLabel: string;
  readonly submitting: boolean;
  readonly serverError: string | undefined;
  readonly children: ReactNode;
  readonly after?: ReactNode;
}) {
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      {children}
      <FormError message={serverError} />
      <button type="submit" className="button button-primary button-block" disabled={submitting}>
        {submitLabel}
      </button>
      {after}
    </form>
  );
}

/** A new password and its confirmation (registration, password reset). */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  errors,
  autoFocus,
}: {
  readonly label: string;
  readonly password: UseFormRegisterReturn;
  readonly confirmation: UseFormRegisterReturn;
  readonly errors: { readonly password?: string | undefined; readonly confirmation?: string | undefined };
  readonly autoFocus?: boolean;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Field
        label={label}
        type="password"
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
        error={errors.password}
        help={t('fields.passwordHelp')}
        {...password}
      />
      <Field
        label={t('fields.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
