import { randomBytes } from 'node:crypto';
import type { Deps } from '../shared/deps.js';
import type { SessionPort } from '../auth/session-port.js';
import type { OidcSettings } from '../config/oidc-settings.js';
import { recordAuthentication } from '../auth-log/auth-log.service.js';
import { findUser, insertUser, type UserRow } from '../users/users.queries.js';
import { errors, AppError, message } from '../http/errors.js';
import {
  ProviderUnavailable,
  type FlowChecks,
  type OidcClient,
  type ProviderIdentity,
} from './oidc-client.js';
import {
  findIdentity,
  findUserIdentity,
  hasLinkedIdentity,
  linkIdentity,
  markIdentityUsed,
  unlinkIdentity,
} from './oidc.queries.js';
import type { CallbackFailure } from './oidc.schemas.js';

/** The pending flow, in the caller's session: a provider round trip must end within ten minutes. */
const FLOW_KEY = 'oidcFlow';
const FLOW_LIFETIME_MS = 10 * 60 * 1000;

interface PendingFlow extends FlowChecks {
  readonly purpose: 'sign_in' | 'link';
  readonly userId: number | null;
  readonly startedAt: number;
  /** A sign-in's page to come back to (a path of this app), when the web app gave one. */
  readonly returnTo?: string | undefined;
}

const SIGNED_IN_PAGE = '/accounts';

/**
 * The path of this app that `wanted` names, or undefined when it names another site or is no
 * path: resolved against a placeholder origin, it must stay on it (the route's schema has already
 * refused `//host`, backslashes and spaces; this holds whatever the schema lets through).
 */
export function sameOriginPath(wanted: unknown): string | undefined {
  if (typeof wanted !== 'string' || !wanted.startsWith('/') || wanted.startsWith('//')) return undefined;
  const origin = 'http://twofold.invalid';
  let url: URL;
  try {
    url = new URL(wanted, origin);
  } catch {
    return undefined;
  }
  // The path as given, not as resolved: `/a/..//host` resolves to `//host`, another site's address.
  return url.origin === origin ? wanted : undefined;
}

/** What OpenID Connect needs beyond the services' usual dependencies. */
export interface OidcDeps {
  readonly settings: OidcSettings;
  readonly client: OidcClient;
}

/** Where the browser goes once the callback is handled. */
export type CallbackOutcome =
  | { readonly ok: true; readonly purpose: 'link' }
  | { readonly ok: true; readonly purpose: 'sign_in'; readonly returnTo: string }
  | { readonly ok: false; readonly purpose: PendingFlow['purpose']; readonly failure: CallbackFailure };

/** The provider's error, named without its message (which may quote a code or a token). */
function describe(error: unknown): { name: string; code?: string } {
  const value = error instanceof Error ? error : new Error('unknown');
  const code = (value as { code?: unknown }).code;
  return typeof code === 'string' ? { name: value.name, code } : { name: value.name };
}

/**
 * Starts a flow: the checks (and a sign-in's page to come back to) are kept in the session, the
 * browser is sent to the provider.
 */
export async function beginFlow(
  deps: Deps,
  oidc: OidcDeps,
  session: SessionPort,
  purpose: PendingFlow['purpose'],
  userId: number | null,
  returnTo?: string,
): Promise<URL> {
  let started;
  try {
    started = await oidc.client.begin();
  } catch (error) {
    session.log.warn({ oidc: describe(error) }, 'OpenID Connect provider unreachable');
    throw new AppError('service_unavailable', message('error.oidc_unavailable'));
  }
  const flow: PendingFlow = {
    ...started.checks,
    purpose,
    userId,
    startedAt: deps.clock.now().getTime(),
    returnTo: sameOriginPath(returnTo),
  };
  await session.set(FLOW_KEY, flow);
  return started.url;
}

function readFlow(value: unknown): PendingFlow | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const flow = value as Partial<PendingFlow>;
  const complete =
    typeof flow.state === 'string' &&
    typeof flow.nonce === 'string' &&
    typeof flow.codeVerifier === 'string' &&
    (flow.purpose === 'sign_in' || flow.purpose === 'link') &&
    typeof flow.startedAt === 'number';
  return complete ? (flow as PendingFlow) : undefined;
}

/**
 * The provider's answer: the flow of this session (used once), the code exchanged and the ID token
 * checked (state, nonce, PKCE, signature, audience, expiry), then a sign-in or a link.
 */
export async function completeFlow(
  deps: Deps,
  oidc: OidcDeps,
  session: SessionPort,
  callerUserId: number | null,
  query: URLSearchParams,
): Promise<CallbackOutcome> {
  const flow = readFlow(await session.get(FLOW_KEY));
  const purpose = flow?.purpose ?? 'sign_in';
  const now = deps.clock.now();
  if (!flow || now.getTime() - flow.startedAt > FLOW_LIFETIME_MS || now.getTime() < flow.startedAt) {
    session.log.info('OpenID Connect callback refused: no pending flow in this session');
    return { ok: false, purpose, failure: 'failed' };
  }
  await session.set(FLOW_KEY, undefined);
  let identity: ProviderIdentity;
  try {
    identity = await oidc.client.complete(query, flow, now);
  } catch (error) {
    const unavailable = error instanceof ProviderUnavailable;
    session.log.info({ oidc: describe(error) }, 'OpenID Connect callback refused');
    return { ok: false, purpose, failure: unavailable ? 'unavailable' : 'failed' };
  }
  if (flow.purpose === 'link') {
    if (callerUserId === null || callerUserId !== flow.userId) {
      session.log.info('OpenID Connect link refused: the session that started it is no longer signed in');
      return { ok: false, purpose, failure: 'failed' };
    }
    await linkIdentity(deps.db, { userId: callerUserId, ...identityRow(oidc, identity), now });
    session.log.info('OpenID Connect identity linked');
    return { ok: true, purpose: 'link' };
  }
  const outcome = await signIn(deps, oidc, session, identity);
  return outcome.ok
    ? { ok: true, purpose: 'sign_in', returnTo: sameOriginPath(flow.returnTo) ?? SIGNED_IN_PAGE }
    : outcome;
}

const identityRow = (oidc: OidcDeps, identity: ProviderIdentity) => ({
  issuer: oidc.settings.issuer,
  subject: identity.subject,
  email: identity.email,
});

/**
 * A linked identity signs its user in. An unlinked one links itself by a verified e-mail equal to
 * the user's only while the user has no identity linked yet (a link is never replaced by a
 * sign-in: only Settings, after the user confirmed who they are, changes it), or registers the one
 * user when there is none and the provider verified its e-mail (as 2FAuth does). Anything else is
 * refused.
 */
async function signIn(
  deps: Deps,
  oidc: OidcDeps,
  session: SessionPort,
  identity: ProviderIdentity,
): Promise<{ readonly ok: true } | Extract<CallbackOutcome, { ok: false }>> {
  const { db, clock } = deps;
  const now = clock.now();
  const linked = await findIdentity(db, oidc.settings.issuer, identity.subject);
  const user = await findUser(db);
  let signedIn: UserRow;
  let registered = false;
  if (linked && user && linked.user_id === user.id) {
    await markIdentityUsed(db, linked.id, identity.email, now);
    signedIn = user;
  } else if (user) {
    const refused = await refuseAutoLink(deps, oidc, session, identity, user);
    if (refused) return refused;
    await linkIdentity(db, { userId: user.id, ...identityRow(oidc, identity), now });
    signedIn = user;
  } else {
    if (!identity.emailVerified || identity.email === null) {
      session.log.info(
        { emailVerified: identity.emailVerified },
        'OpenID Connect registration refused: e-mail not verified',
      );
      return { ok: false, purpose: 'sign_in', failure: 'email_unverified' };
    }
    const created = await registerFromIdentity(deps, identity);
    if (!created) return { ok: false, purpose: 'sign_in', failure: 'not_linked' };
    await linkIdentity(db, { userId: created.id, ...identityRow(oidc, identity), now });
    signedIn = created;
    registered = true;
  }
  const sessionId = await session.open(signedIn.id);
  await recordAuthentication(deps, session, { event: 'login', method: 'oidc', sessionId });
  deps.alerts.raise({ kind: 'signed_in', ip: session.ip, userAgent: session.userAgent, registered });
  return { ok: true };
}

/**
 * Why an unlinked identity may not link itself to the user, or undefined when it may: its e-mail
 * must be verified and equal to the user's (letter case aside), and the user must have no identity
 * linked yet. An attempt with the user's e-mail is theirs to see (authentication log and alert).
 */
async function refuseAutoLink(
  deps: Deps,
  oidc: OidcDeps,
  session: SessionPort,
  identity: ProviderIdentity,
  user: UserRow,
): Promise<Extract<CallbackOutcome, { ok: false }> | undefined> {
  const sameEmail = identity.email !== null && identity.email.toLowerCase() === user.email.toLowerCase();
  const alreadyLinked = await hasLinkedIdentity(deps.db, user.id);
  if (sameEmail && identity.emailVerified && !alreadyLinked) return undefined;
  session.log.info(
    { emailMatches: sameEmail, emailVerified: identity.emailVerified, alreadyLinked },
    'OpenID Connect sign-in refused: identity not linked',
  );
  if (sameEmail) {
    await recordAuthentication(deps, session, { event: 'failed', method: 'oidc' });
    deps.alerts.raise({ kind: 'sign_in_failed', ip: session.ip });
  }
  return { ok: false, purpose: 'sign_in', failure: 'not_linked' };
}

/** The one user, from the provider's claims; its password is random (nobody knows it). */
async function registerFromIdentity(deps: Deps, identity: ProviderIdentity) {
  if (identity.email === null) return undefined;
  const name = (identity.name ?? identity.email.split('@')[0] ?? identity.email).slice(0, 255);
  return insertUser(deps.db, {
    name,
    email: identity.email.slice(0, 255),
    passwordHash: await deps.passwords.hash(randomBytes(32).toString('base64url')),
    webauthnHandle: randomBytes(32).toString('base64url'),
    now: deps.clock.now(),
  });
}

/** Settings: the provider and whether the user's identity there is linked. */
export async function linkState(deps: Deps, oidc: OidcDeps | undefined, userId: number) {
  if (!oidc) return { configured: false, label: null, linked: null };
  const row = await findUserIdentity(deps.db, userId, oidc.settings.issuer);
  return {
    configured: true,
    label: oidc.settings.label,
    linked: row
      ? {
          email: row.email,
          linked_at: row.created_at.toISOString(),
          last_used_at: row.last_used_at?.toISOString() ?? null,
        }
      : null,
  };
}

export async function unlink(deps: Deps, oidc: OidcDeps | undefined, userId: number): Promise<void> {
  if (!oidc || !(await unlinkIdentity(deps.db, userId, oidc.settings.issuer))) throw errors.notFound();
}
