import type { Migration, MigrationProvider } from 'kysely/migration';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_backups.js';
import * as m0003 from './0003_expiry_indexes.js';
import * as m0004 from './0004_cache_notify.js';
import * as m0005 from './0005_idempotency_keys.js';
import * as m0006 from './0006_account_trash_favorites.js';
import * as m0007 from './0007_account_notes_tags.js';
import * as m0008 from './0008_security_logs.js';
import * as m0009 from './0009_alerts.js';
import * as m0010 from './0010_device_copies.js';
import * as m0011 from './0011_oidc_identities.js';
import * as m0012 from './0012_extras_cache_notify.js';
import * as m0013 from './0013_token_scopes.js';
import * as m0014 from './0014_code_log_kept.js';
import * as m0017 from './0017_device_copy_sessions.js';
import * as m0019 from './0019_code_views.js';
import * as m0020 from './0020_device_authorizations_websites.js';
import * as m0021 from './0021_backup_destinations.js';
import * as m0022 from './0022_break_glass.js';
import * as m0023 from './0023_account_changes.js';
import * as m0024 from './0024_icon_files.js';
import * as m0025 from './0025_mail_outbox.js';
import * as m0026 from './0026_device_copy_tokens.js';

/**
 * Every migration, in order. A static list (not a folder scan) so the compiled server and the
 * tests run exactly the same set. A new migration: add a file `NNNN_name.ts` and a line here.
 */
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_backups': m0002,
  '0003_expiry_indexes': m0003,
  '0004_cache_notify': m0004,
  '0005_idempotency_keys': m0005,
  '0006_account_trash_favorites': m0006,
  '0007_account_notes_tags': m0007,
  '0008_security_logs': m0008,
  '0009_alerts': m0009,
  '0010_device_copies': m0010,
  '0011_oidc_identities': m0011,
  '0012_extras_cache_notify': m0012,
  '0013_token_scopes': m0013,
  '0014_code_log_kept': m0014,
  '0017_device_copy_sessions': m0017,
  '0019_code_views': m0019,
  '0020_device_authorizations_websites': m0020,
  '0021_backup_destinations': m0021,
  '0022_break_glass': m0022,
  '0023_account_changes': m0023,
  '0024_icon_files': m0024,
  '0025_mail_outbox': m0025,
  '0026_device_copy_tokens': m0026,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
