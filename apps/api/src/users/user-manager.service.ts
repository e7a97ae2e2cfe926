import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import type { Locale } from '../i18n/locales.js';
import { errors } from '../http/errors.js';
import { findUser, type UserRow } from './users.queries.js';
import { userResource } from './users.mapper.js';

/** An id of 2FAuth's user routes: the one user's, else 404 as for any unknown user. */
export async function theUser(deps: Deps, rawId: string): Promise<UserRow> {
  const user = await findUser(deps.db);
  if (!user || !/^\d{1,10}$/.test(rawId) || Number(rawId) !== user.id) throw errors.notFound();
  return user;
}

/** A multi-user action on the one user (create, delete, promote...): 2FAuth's refusal. */
export const refusedAction = () => errors.forbiddenGroup();

/** `2 minutes ago` in the caller's language (Carbon's `diffForHumans`). */
function ago(date: Date, now: Date, locale: Locale): string {
  const seconds = Math.max(1, Math.round((now.getTime() - date.getTime()) / 1000));
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 365 * 86400],
    ['month', 30 * 86400],
    ['week', 7 * 86400],
    ['day', 86400],
    ['hour', 3600],
    ['minute', 60],
    ['second', 1],
  ];
  const [unit, size] = units.find(([, size]) => seconds >= size) ?? ['second', 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(-Math.floor(seconds / size), unit);
}

async function lastSeen(deps: Deps, fallback: Date): Promise<Date> {
  const [session, token] = await Promise.all([
    deps.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.max('last_activity_at').as('at'))
      .where('user_id', 'is not', null)
      .executeTakeFirst(),
    deps.db
      .selectFrom('personal_access_tokens')
      .select((eb) => eb.fn.max('last_used_at').as('at'))
      .executeTakeFirst(),
  ]);
  const times = [session?.at, token?.at].flatMap((at) => (at ? [new Date(at).getTime()] : []));
  return times.length > 0 ? new Date(Math.max(...times)) : fallback;
}

/** 2FAuth's `UserManagerResource`: the user resource with counts and relative times. */
export async function managedUser(deps: Deps, user: UserRow, caller: Caller | null, locale: Locale) {
  const now = deps.clock.now();
  const [base, count, created] = await Promise.all([
    userResource(deps.db, user, caller),
    deps.db
      .selectFrom('twofaccounts')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    deps.db.selectFrom('users').select('created_at').where('id', '=', user.id).executeTakeFirstOrThrow(),
  ]);
  const createdAt = new Date(created.created_at);
  return {
    ...base,
    twofaccounts_count: Number(count.n),
    last_seen_at: ago(await lastSeen(deps, createdAt), now, locale),
    created_at: ago(createdAt, now, locale),
  };
}

/** `Y-m-d H:i:s`, as Laravel stores a reset token's creation. */
const sqlDateTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** `GET /api/v1/users/{id}`: the resource wrapped in `info`, with 2FAuth's counters beside it. */
export async function showManagedUser(deps: Deps, user: UserRow, caller: Caller | null, locale: Locale) {
  const now = deps.clock.now();
  const [info, reset, tokens, devices] = await Promise.all([
    managedUser(deps, user, caller, locale),
    deps.db
      .selectFrom('auth_tokens')
      .select(['created_at', 'expires_at'])
      .where('purpose', '=', 'password_reset')
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
    deps.db
      .selectFrom('personal_access_tokens')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('revoked', '=', false)
      .where('expires_at', '>', now)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('webauthn_credentials')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    info,
    // 2FAuth: null without a reset request, 0 once it expired, else when it was asked for.
    password_reset: reset
      ? new Date(reset.expires_at) <= now
        ? (0 as const)
        : sqlDateTime(new Date(reset.created_at))
      : null,
    valid_personal_access_tokens: Number(tokens.n),
    webauthn_credentials: Number(devices.n),
  };
}
