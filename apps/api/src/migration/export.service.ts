import type { FastifyInstance } from 'fastify';
import { toView, type AccountView } from '../accounts/accounts.mapper.js';
import { readAccounts } from '../accounts/accounts.queries.js';
import { serialiseOtpauthUri } from '../accounts/otp.js';
import { toTimestamp } from '../http/common.schemas.js';

/** Accounts to export, in the manual order; every account when `ids` is absent (amendment 18). */
async function exportedViews(
  app: FastifyInstance,
  ids: readonly number[] | undefined,
): Promise<AccountView[]> {
  const { rows, encrypted } = await readAccounts(app.db, ids ? { ids } : {});
  return rows.map((row) => toView(app, row, encrypted));
}

export const appName = (version: string) => `2fauth_compat_v${version}`;

/** 2FAuth JSON, schema 1 (formats.md §6.1), icons inlined. */
export async function exportTwoFauth(app: FastifyInstance, ids: readonly number[] | undefined) {
  const views = await exportedViews(app, ids);
  const data = [];
  for (const view of views) {
    const icon = view.icon ? await app.icons.read(view.icon) : undefined;
    data.push({
      otp_type: view.otp_type,
      account: view.account,
      service: view.service,
      icon: view.icon,
      icon_mime: icon ? icon.mime : null,
      icon_file: icon ? icon.bytes.toString('base64') : null,
      secret: view.secret,
      digits: view.digits,
      algorithm: view.algorithm,
      period: view.period,
      counter: view.counter,
      legacy_uri: view.uri ?? serialiseOtpauthUri(view),
    });
  }
  return { app: appName(app.config.version), schema: 1, datetime: toTimestamp(app.clock.now()), data };
}

/** Canonical URIs (formats.md §3.4), left percent-encoded. */
export async function exportUris(
  app: FastifyInstance,
  ids: readonly number[] | undefined,
): Promise<string[]> {
  return (await exportedViews(app, ids)).map((view) => serialiseOtpauthUri(view));
}
