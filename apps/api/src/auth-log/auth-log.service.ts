import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../shared/deps.js';
import { cachedNativeSettings } from '../settings/settings.cache.js';
import {
  closeSessionLog,
  insertAuthLog,
  listAuthLog,
  type AuthEvent,
  type AuthLogRow,
} from './auth-log.queries.js';
import { agentParser } from './user-agent.js';
import { dayDateTime, absoluteDuration, monthsBefore } from './time-format.js';

/** Who is signing in or out, as the session port knows them. */
export interface Requester {
  readonly ip: string;
  readonly userAgent?: string | undefined;
  readonly log: FastifyBaseLogger;
}

/** How the user proved who they are (2FAuth's `login_method`, plus the ways Twofold adds). */
export type LoginMethod = 'password' | 'webauthn' | 'proxy' | 'recovery' | 'reset' | 'oidc';

/**
 * Writes one row of the authentication log. A failure is logged, never thrown: the log must not
 * stand between the user and their sign-in.
 */
export async function recordAuthentication(
  deps: Deps,
  who: Requester,
  entry: { event: AuthEvent; method: LoginMethod | null; sessionId?: string | undefined },
): Promise<void> {
  try {
    await insertAuthLog(deps.db, {
      event: entry.event,
      ipAddress: who.ip,
      userAgent: who.userAgent ?? null,
      loginSuccessful: entry.event === 'login' || entry.event === 'logout',
      loginMethod: entry.method,
      sessionId: entry.sessionId ?? null,
      at: deps.clock.now(),
    });
  } catch (error) {
    who.log.error({ err: error, event: entry.event }, 'authentication log row could not be written');
  }
}

/** A sign-out closes its session's sign-in row (2FAuth's `logout_at`), else writes its own. */
export async function recordSignOut(
  deps: Deps,
  who: Requester,
  sessionId: string | undefined,
): Promise<void> {
  try {
    const now = deps.clock.now();
    if (sessionId && (await closeSessionLog(deps.db, sessionId, now))) return;
    await recordAuthentication(deps, who, { event: 'logout', method: null, sessionId });
  } catch (error) {
    who.log.error({ err: error }, 'authentication log row could not be written');
  }
}

/** `period` (months) and `limit` of 2FAuth's log routes, already validated as numbers. */
export interface LogWindow {
  readonly period?: number | undefined;
  readonly limit?: number | undefined;
}

/** Laravel's `take`: the first n, or the last n when negative. */
export function take<T>(rows: readonly T[], limit: number | undefined): readonly T[] {
  if (limit === undefined) return rows;
  const n = Math.trunc(limit);
  return n >= 0 ? rows.slice(0, n) : rows.slice(n);
}

/** The log as 2FAuth answers it: newest first, times in the user's timezone preference. */
export async function authentications(deps: Deps, window: LogWindow, options: { withEvent: boolean }) {
  const now = deps.clock.now();
  const since = window.period === undefined ? undefined : monthsBefore(now, Math.trunc(window.period));
  const rows = take(await listAuthLog(deps.db, since), window.limit);
  const { timezone } = await cachedNativeSettings(deps);
  const parse = await agentParser();
  return rows.map((row: AuthLogRow) => {
    const agent = parse(row.user_agent);
    const loginAt = row.login_at ? new Date(row.login_at) : null;
    const logoutAt = row.logout_at ? new Date(row.logout_at) : null;
    return {
      id: row.id,
      ip_address: row.ip_address,
      user_agent: row.user_agent,
      browser: agent.browser,
      platform: agent.platform,
      device: agent.device,
      login_at: loginAt ? dayDateTime(loginAt, timezone) : null,
      logout_at: logoutAt ? dayDateTime(logoutAt, timezone) : null,
      login_successful: row.login_successful,
      duration: logoutAt ? absoluteDuration(loginAt ?? logoutAt, logoutAt) : null,
      login_method: row.login_method,
      // Twofold only, on request: what happened and when, machine-readable.
      ...(options.withEvent
        ? {
            event: row.event as AuthEvent,
            at: new Date(row.login_at ?? row.logout_at ?? row.created_at).toISOString(),
          }
        : {}),
    };
  });
}
