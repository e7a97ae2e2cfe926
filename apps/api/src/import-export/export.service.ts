import type { Deps } from '../shared/deps.js';
import { encodeMigrationUris, type Algorithm, type OtpType } from '@twofold/otp';
import type { AccountView } from '../accounts/accounts.mapper.js';
import { accountViews } from '../accounts/accounts.reads.js';
import { serializeOtpauthUri } from '@twofold/otp';
import { toTimestamp } from '../http/common.schemas.js';
import { encryptVault, plainVault } from '@twofold/vault';
import { aegisDb, type AegisVault } from './aegis-export.js';
import { aegisExtras } from './export-extras.js';

/** Accounts to export, in the manual order; every account when `ids` is absent. */
async function exportedViews(
  deps: Deps,
  ids: readonly number[] | undefined,
): Promise<readonly AccountView[]> {
  return accountViews(deps, ids ? { ids } : {});
}

export const appName = (version: string) => `2fauth_compat_v${version}`;

/** 2FAuth JSON, schema 1, icons inlined. */
export async function exportTwoFauth(deps: Deps, ids: readonly number[] | undefined) {
  const views = await exportedViews(deps, ids);
  const data = [];
  for (const view of views) {
    const icon = view.icon ? await deps.icons.read(view.icon) : undefined;
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
      legacy_uri: view.uri ?? serializeOtpauthUri(view),
    });
  }
  return { app: appName(deps.config.version), schema: 1, datetime: toTimestamp(deps.clock.now()), data };
}

/**
 * Canonical URIs, left percent-encoded. `steamType` `steam` (Twofold's otpauth list) writes Steam
 * accounts `otpauth://steam/…`, the type Aegis and Twofold read back as Steam; `totp` (the
 * 2FAuth `?otpauth=1` export, read by 2FAuth clients) keeps 2FAuth's form.
 */
export async function exportUris(
  deps: Deps,
  ids: readonly number[] | undefined,
  steamType: 'totp' | 'steam' = 'totp',
): Promise<string[]> {
  return (await exportedViews(deps, ids)).map((view) => serializeOtpauthUri(view, { steamType }));
}

/** How an Aegis export is made: its password (encrypted vault) and who may receive notes and codes. */
export interface AegisExportOptions {
  readonly password?: string | undefined;
  /**
   * Called before a vault that carries a note or recovery codes is made; throws to refuse it (a web
   * session asks for the same identity confirmation as the notes screen). Unset: no check (backups).
   */
  readonly confirmRecovery?: () => Promise<void>;
}

/** Aegis vault JSON, db version 3: plain, or encrypted when a password is given. */
export async function exportAegis(
  deps: Deps,
  ids: readonly number[] | undefined,
  options: AegisExportOptions = {},
): Promise<AegisVault> {
  const views = await exportedViews(deps, ids);
  const accounts = [];
  const extrasOf = await aegisExtras(deps, views);
  for (const view of views) {
    accounts.push({
      view,
      icon: view.icon ? await deps.icons.read(view.icon) : undefined,
      extras: extrasOf(view.id),
    });
  }
  const carriesRecovery = accounts.some(
    ({ extras }) => extras.note !== null || extras.recoveryCodes.length > 0,
  );
  if (carriesRecovery && options.confirmRecovery) await options.confirmRecovery();
  const groups = await deps.db.selectFrom('groups').select(['id', 'name']).execute();
  const db = aegisDb(accounts, new Map(groups.map((group) => [group.id, group.name])));
  // The slot's scrypt runs on the server's key-derivation thread (kdf-pool.ts).
  const { password } = options;
  return password === undefined ? plainVault(db) : encryptVault(db, password, { kdf: deps.deriveKey });
}

/**
 * Google Authenticator migration URIs: at most 10 accounts per QR code, one batch;
 * the accounts Google Authenticator cannot hold are listed in `skipped` with our account id.
 */
export async function exportGoogleMigration(deps: Deps, ids: readonly number[] | undefined) {
  const views = await exportedViews(deps, ids);
  const encoded = encodeMigrationUris(
    views.map((view) => ({
      otp_type: view.otp_type as OtpType,
      service: view.service,
      account: view.account,
      secret: view.secret,
      digits: view.digits,
      algorithm: view.algorithm as Algorithm,
      period: view.period,
      counter: view.counter,
    })),
  );
  return {
    uris: [...encoded.uris],
    skipped: encoded.skipped.map((entry) => ({ id: views[entry.index]!.id, reason: entry.reason })),
  };
}
