import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { peekReturn } from '../../lib/return-after-sign-in';
import { FormError } from '../../ui/forms';

/** What the server's callback said, if it sent the browser back here refused (`?oidc_error=`). */
function callbackProblem(): string | null {
  return new URLSearchParams(window.location.search).get('oidc_error');
}

/** The message of each refusal the callback names; any other is a failure. */
const PROBLEMS: Readonly<Record<string, 'oidc.notLinked' | 'oidc.emailUnverified' | 'oidc.unavailable'>> = {
  not_linked: 'oidc.notLinked',
  email_unverified: 'oidc.emailUnverified',
  unavailable: 'oidc.unavailable',
};

/**
 * "Sign in with <provider>": a plain link, since the browser itself goes to the provider and back
 * (the server keeps the flow's checks). Shown when the server has an OpenID Connect provider.
 */
export function OidcSignIn({ label }: { readonly label: string }) {
  const { t } = useTranslation('auth');
  const [problem] = useState(callbackProblem);
  const message = problem === null ? undefined : t(PROBLEMS[problem] ?? 'oidc.failed');
  // The page the sign-in was asked from (the connect page with its code): the server comes back to it.
  const [back] = useState(peekReturn);
  const href = back === undefined ? '/oidc/login' : `/oidc/login?return=${encodeURIComponent(back)}`;
  return (
    <div className="auth-stack">
      <FormError message={message} />
      <a className="button button-primary button-block" href={href}>
        {t('oidc.signInWith', { label })}
      </a>
    </div>
  );
}
