import { AppError, message } from '../http/errors.js';
import type { Caller } from '../http/fastify-types.js';
import type { SessionPort } from './session-port.js';

/*
 * "Confirm who you are": a web session that proved its user again (password or security device)
 * may reveal an account's recovery codes and note for five minutes. The time is stamped on the
 * session, so it ends with it (sign-out, new sign-in).
 */

export const CONFIRMATION_WINDOW_MS = 5 * 60 * 1000;
const STAMP = 'identityConfirmedAt';

export async function stampConfirmation(session: SessionPort, now: Date): Promise<Date> {
  await session.set(STAMP, now.getTime());
  return new Date(now.getTime() + CONFIRMATION_WINDOW_MS);
}

/** 403 with a reason the web app recognises, to ask for the password or the device. */
export const confirmationRequired = () =>
  new AppError('forbidden', message('error.identity_confirmation_required'), {
    reason: 'identity_confirmation_required',
  });

/**
 * Only web sessions need the stamp: a personal access token can already read every secret, and
 * a reverse proxy authenticates each request itself.
 */
export async function assertRecentlyConfirmed(
  caller: Caller | null,
  session: () => SessionPort,
  now: Date,
): Promise<void> {
  if (caller?.kind !== 'session') return;
  const stamp = await session().get(STAMP);
  const at = typeof stamp === 'number' ? stamp : NaN;
  const age = now.getTime() - at;
  if (!(age >= 0 && age <= CONFIRMATION_WINDOW_MS)) throw confirmationRequired();
}
