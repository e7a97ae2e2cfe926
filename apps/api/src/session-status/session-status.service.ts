import type { Deps } from '../shared/deps.js';
import type { Caller } from '../http/fastify-types.js';
import { findUser } from '../users/users.queries.js';
import { userResource } from '../users/users.mapper.js';
import { countCredentials } from '../webauthn/webauthn.queries.js';

/** The web app's start-up question, answered without a failed request when nobody is signed in. */
export async function sessionStatus(deps: Pick<Deps, 'db'>, caller: Caller | null) {
  const [user, devices] = await Promise.all([
    caller ? findUser(deps.db).then((found) => userResource(deps.db, found ?? null, caller)) : null,
    countCredentials(deps.db),
  ]);
  return { user, security_device: devices > 0 };
}
