import type { Deps } from '../shared/deps.js';
import { errors } from '../http/errors.js';
import { findUser } from '../users/users.queries.js';
import { monthsBefore } from '../auth-log/time-format.js';
import { take, type LogWindow } from '../auth-log/auth-log.service.js';
import { accountIsStored, listCodeLog } from './code-log.queries.js';
import { flushCodeLog } from './code-log.writer.js';

/** Laravel's JSON form of a date: `2023-11-14T22:13:20.000000Z`. */
const laravelDate = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

/** `GET /api/v1/twofaccounts/{id}/otp-logs`: the codes computed for an account, oldest first. */
export async function codeLogOf(
  deps: Deps,
  accountId: number,
  window: LogWindow,
  options: { withSource: boolean },
) {
  if (!(await accountIsStored(deps.db, accountId))) throw errors.notFound();
  await flushCodeLog(deps);
  const since =
    window.period === undefined ? undefined : monthsBefore(deps.clock.now(), Math.trunc(window.period));
  // A row with `times` stands for that many identical codes: each is listed, as 2FAuth lists them.
  const stored = await listCodeLog(deps.db, accountId, since);
  const rows = take(
    stored.flatMap((row) => Array.from({ length: row.times }, () => row)),
    window.limit,
  );
  const user = await findUser(deps.db);
  const name = user?.name ?? '';
  const email = user?.email ?? null;
  return rows.map((row) => ({
    requester_name: name,
    requester_email: email,
    owner_name: name,
    owner_email: email,
    ip_address: row.ip_address,
    generated_at: laravelDate(new Date(row.generated_at)),
    otp_type: row.otp_type,
    ...(row.otp_type === 'hotp' && row.counter !== null ? { counter: Number(row.counter) } : {}),
    ...(options.withSource
      ? { source: row.requester_kind as 'session' | 'token' | 'proxy', token_name: row.token_name }
      : {}),
  }));
}
