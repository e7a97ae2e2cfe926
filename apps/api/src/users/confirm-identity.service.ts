import type { Deps } from '../shared/deps.js';
import type { SessionPort } from '../auth/session-port.js';
import { stampConfirmation } from '../auth/identity-confirmation.js';
import { invalid } from '../http/field-errors.js';
import { signedInUser } from './users.service.js';

/** The signed-in user confirms who they are with their password; 422 on `password` when wrong. */
export async function confirmWithPassword(deps: Deps, session: SessionPort, password: string) {
  const user = await signedInUser(deps.db);
  if (!(await deps.passwords.verify(password, user.password_hash))) {
    session.log.info('identity confirmation refused: wrong password');
    throw invalid('password', 'error.wrong_password');
  }
  const until = await stampConfirmation(session, deps.clock.now());
  return { confirmed_until: until.toISOString() };
}
