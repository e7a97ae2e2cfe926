import path from 'node:path';
import { isIP } from 'node:net';
import {
  ConfigError,
  boolean,
  httpUrl,
  optional,
  text,
  variable,
  type Parser,
  type VariableSpec,
} from './variable.js';
import { assertOidcComplete, oidcVariables } from './oidc-config.js';
import { secretFileVariables, withSecretFiles } from './secret-files.js';
import { parseTimeSource, TIME_SOURCE_FORMAT } from '../clock-skew/time-source.js';

export { ConfigError } from './variable.js';

/**
 * The one place that reads the environment. Every variable is declared once here, with its
 * default, its parser and the sentence the README shows for it (a test keeps the README in step);
 * a feature's own group is spread in (OpenID Connect: oidc-config.ts).
 * A bad value stops the start with a message naming the variable.
 */

const integer =
  (min: number, max: number): Parser<number> =>
  (raw, name) => {
    if (!/^-?\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number (got "${raw}")`);
    const value = Number(raw);
    if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}`);
    return value;
  };

/** Throttles: a positive count per minute, or 0 / "false" for unlimited. */
const throttle: Parser<number> = (raw, name) => {
  if (raw.toLowerCase() === 'false') return 0;
  return integer(0, 1_000_000)(raw, name);
};

const oneOf =
  <const T extends string>(...values: T[]): Parser<T> =>
  (raw, name) => {
    if (!(values as string[]).includes(raw)) {
      throw new ConfigError(name, `must be one of ${values.join(', ')} (got "${raw}")`);
    }
    return raw as T;
  };

const timeSource: Parser<string> = (raw, name) => {
  if (parseTimeSource(raw) === undefined)
    throw new ConfigError(name, `must be ${TIME_SOURCE_FORMAT} (got "${raw}")`);
  return raw.trim();
};

const httpProxyUrl: Parser<string> = (raw, name) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an http:// proxy URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:') throw new ConfigError(name, `must be an http:// proxy URL (got "${raw}")`);
  return raw;
};

const postgresUrl: Parser<string> = (raw, name) => {
  if (!/^postgres(ql)?:\/\//.test(raw)) {
    throw new ConfigError(name, 'must be a postgres:// or postgresql:// connection string');
  }
  return raw;
};

/** A base64 key of exactly 32 bytes; Laravel's "base64:" prefix is accepted too. */
export function parseKey(raw: string, name: string): Buffer {
  const body = raw.startsWith('base64:') ? raw.slice('base64:'.length) : raw;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) throw new ConfigError(name, 'must be base64 (32 random bytes)');
  const key = Buffer.from(body, 'base64');
  if (key.length !== 32) throw new ConfigError(name, `must decode to 32 bytes (got ${key.length})`);
  return key;
}

const keyList: Parser<Buffer[]> = (raw, name) =>
  raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parseKey(part, name));

export type TrustedProxies = '*' | readonly string[];

const trustedProxies: Parser<TrustedProxies> = (raw, name) => {
  if (raw.trim() === '*') return '*';
  const entries = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (family === 0 || !bitsOk || extra !== undefined) {
      throw new ConfigError(name, `has an entry that is not an IP address or CIDR range: "${entry}"`);
    }
  }
  return entries;
};

const logLevel = oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent');

export const variables = {
  PORT: variable(8000, integer(1, 65535), 'TCP port the server listens on.'),
  HOST: variable('127.0.0.1', text, 'Address the server binds to (`0.0.0.0` to listen on every interface).'),
  APP_URL: variable(
    'http://localhost:8000',
    httpUrl,
    'Public URL of Twofold, as the browser sees it. Used in e-mailed links, for the WebAuthn relying party and to set `Secure` cookies when it is https. Defaults to `http://localhost:` and the `PORT`.',
  ),
  APP_NAME: variable('Twofold', text, 'Name shown in e-mails and to security devices.'),
  APP_ENV: variable(
    'production',
    oneOf('production', 'development', 'test'),
    '`production`, `development` or `test`; shown on the About screen.',
  ),
  DATA_DIR: variable(
    './data',
    text,
    'Folder for the embedded database, the generated key, icons (on PostgreSQL they live in the database) and unsent mail. Created when missing. On the embedded database, one process at a time: the running server holds `DATA_DIR/twofold.lock`.',
  ),
  LOCK_HEARTBEAT_MS: variable(
    5000,
    integer(100, 10_000),
    'Embedded database only: how often, in milliseconds, the running server checks `DATA_DIR/twofold.lock`: it touches the file (a sign of life for a start on another host or container), creates it again when it was deleted, and stops at once if another process has taken it meanwhile.',
  ),
  BACKUP_DIR: optional(
    text,
    'Folder of the encrypted backups (Aegis vaults). Defaults to `DATA_DIR/backups`; created when missing.',
  ),
  WEB_DIR: optional(
    text,
    'Folder of the built web app that the server sends to browsers (with its file manifest, see "Verify what your server sends"). Defaults to the build beside the server (`apps/web/dist`).',
  ),
  DATABASE_URL: optional(
    postgresUrl,
    'PostgreSQL connection string. When unset, Twofold uses an embedded PostgreSQL (PGlite) stored in `DATA_DIR/db`.',
  ),
  APP_KEY: optional(
    parseKey,
    'Base64 of 32 random bytes (`openssl rand -base64 32`): encrypts the session cookie and, when enabled, the accounts at rest. When unset (and no `APP_KEY_FILE`), a key is generated once into `DATA_DIR/app.key` (mode 0600) and reused.',
  ),
  APP_KEY_FILE: optional(
    text,
    'Path of a file holding the key (base64), e.g. outside `DATA_DIR` so that a backup of the data does not hold the key too.',
  ),
  APP_PREVIOUS_KEYS: variable<Buffer[]>(
    [],
    keyList,
    'Comma-separated former keys, tried when decrypting, so the key can be rotated; values still under one are re-encrypted at start.',
  ),
  LOG_LEVEL: variable(
    'info',
    logLevel,
    'Log level: `fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`.',
  ),
  AUTHENTICATION_GUARD: variable(
    'web-guard',
    oneOf('web-guard', 'reverse-proxy-guard'),
    '`web-guard` (sign-in with password or security device) or `reverse-proxy-guard` (a reverse proxy authenticates the user).',
  ),
  AUTH_PROXY_HEADER_FOR_USER: variable(
    'Remote-User',
    text,
    'Proxy mode: header carrying the user name (`REMOTE_USER` / `HTTP_REMOTE_USER` spellings accepted).',
  ),
  AUTH_PROXY_HEADER_FOR_EMAIL: optional(
    text,
    'Proxy mode: optional header carrying the e-mail address (display only).',
  ),
  PROXY_LOGOUT_URL: optional(
    httpUrl,
    'Proxy mode: where the Sign out link leads. Without it the link is hidden.',
  ),
  TRUSTED_PROXIES: variable<TrustedProxies>(
    [],
    trustedProxies,
    'Comma-separated IPs or CIDR ranges of reverse proxies whose `X-Forwarded-For` and identity headers are believed, or `*`. Required in proxy mode.',
  ),
  LOGIN_THROTTLE: variable(
    5,
    integer(1, 1000),
    'Failed sign-in attempts (per e-mail and IP) before a 60-second lockout.',
  ),
  LOGIN_THROTTLE_ACCOUNT: variable(
    20,
    integer(0, 100_000),
    'Failed password sign-ins for one e-mail, from all IPs together, within 10 minutes before every further attempt for it waits: 60 seconds, doubling with each further failure up to 15 minutes (the right password waits too). A successful sign-in resets the count. Catches guesses spread over many addresses, which the lockout per IP misses. `0` turns it off.',
  ),
  AUTH_LOG_RETENTION_DAYS: variable(
    365,
    integer(1, 36_500),
    'Days the authentication log (sign-ins, failures, sign-outs, lockouts) and the code log are kept; older rows are purged daily.',
  ),
  OTP_LOG: variable(
    true,
    boolean,
    'Keeps the code log: each code the server computes for a stored account (when, by which session or token, from where; never the code). `false` stops writing it.',
  ),
  CODE_LOG_MAX_ROWS: variable(
    100_000,
    integer(1_000, 100_000_000),
    "Rows the code log keeps at most (a row is one requester's codes of one account within a minute); the oldest are purged first.",
  ),
  CODE_LOG_BUFFER_MAX: variable(
    50_000,
    integer(100, 10_000_000),
    'Code log rows kept in memory at most while the database cannot be written (an outage); further codes are counted as dropped, with one warning, until a write succeeds.',
  ),
  THROTTLE_API: variable(
    60,
    throttle,
    'Requests per minute per IP for API clients (Bearer tokens, anonymous); `0` or `false` = unlimited.',
  ),
  THROTTLE_WEB: variable(
    600,
    throttle,
    'Requests per minute per session for the web app; `0` or `false` = unlimited.',
  ),
  THROTTLE_API_DURING_IMPORT: variable(
    1000,
    throttle,
    'Extra requests per minute for account creations that send back the import grant of a preview (`X-Import-Grant`, see docs/compatibility.md); `0` = unlimited during import.',
  ),
  IMPORT_KDF_MAX_MEMORY: variable(
    1024,
    integer(1, 1024),
    'Memory ceiling in MiB for the key derivation of one encrypted import (Argon2id, scrypt); files asking for more are refused as unsupported encryption settings. Derivations run in a worker thread, one heavy one at a time.',
  ),
  IS_DEMO_APP: variable(
    false,
    boolean,
    'Demo mode: a banner warns not to store real data; account changes are disabled.',
  ),
  IS_TESTING_APP: variable(false, boolean, 'Testing mode: like demo mode, for a shared test instance.'),
  MAIL_HOST: optional(
    text,
    'SMTP server. When unset, mails (password reset, device recovery) are written as `.eml` files into `DATA_DIR/mail/`.',
  ),
  MAIL_PORT: variable(587, integer(1, 65535), 'SMTP port.'),
  MAIL_ENCRYPTION: variable(
    'starttls',
    oneOf('tls', 'starttls', 'none'),
    '`tls` (implicit TLS, usually port 465), `starttls` or `none`.',
  ),
  MAIL_USERNAME: optional(text, 'SMTP user name.'),
  MAIL_PASSWORD: optional(text, 'SMTP password.'),
  MAIL_FROM_ADDRESS: variable('twofold@localhost', text, 'Sender address of the mails.'),
  MAIL_FROM_NAME: variable('Twofold', text, 'Sender name of the mails.'),
  WEBAUTHN_ID: optional(text, 'WebAuthn relying-party id; defaults to the host of `APP_URL`.'),
  WEBAUTHN_NAME: optional(text, 'WebAuthn relying-party name; defaults to `APP_NAME`.'),
  WEBAUTHN_USER_VERIFICATION: variable(
    'preferred',
    oneOf('preferred', 'required', 'discouraged'),
    'User verification asked of security devices: `preferred`, `required` or `discouraged`.',
  ),
  ...oidcVariables,
  ONLINE_LOGO_PROVIDERS: variable(
    false,
    boolean,
    'Allow fetching logos from online icon collections (selfh.st, dashboard-icons, 2fa.directory; with SSRF guards). Off by default: logos come from the bundled offline set.',
  ),
  PROXY_FOR_OUTGOING_REQUESTS: optional(
    httpProxyUrl,
    'An http:// proxy (`http://user:password@host:port` allowed) for the logo downloads above.',
  ),
  TIME_CHECK: variable(
    'off',
    timeSource,
    "Where the server checks its own clock, besides its devices' clocks: `off`, `ntp://host[:port]` (SNTP over UDP, e.g. `ntp://pool.ntp.org`) or an `https://` address whose `Date` header is read. Asked at start and every 10 minutes; more than 15 s off shows the clock banner and sends the `clock_skew` alert. The `timeCheck` setting (Settings, from a signed-in session) overrides it.",
  ),
  BLOCK_OPTAUTH_IMAGELINK_FETCHING: variable(
    true,
    boolean,
    'Never fetch the logo URL an otpauth URI names (`image=`). Set `false` to fetch it (public addresses only, no redirects, size-capped).',
  ),
  ...secretFileVariables,
} as const;

type Variables = typeof variables;
export type VariableName = keyof Variables;
type ValueOf<K extends VariableName> = Variables[K] extends VariableSpec<infer T> ? T : never;

export type RawConfig = { readonly [K in VariableName]: ValueOf<K> };

export interface Config extends RawConfig {
  /** Absolute data folder. */
  readonly dataDir: string;
  /** Absolute backup folder. */
  readonly backupDir: string;
  /** Absolute folder of the built web app, when `WEB_DIR` names one (else the build beside the server). */
  readonly webDir: string | null;
  readonly version: string;
  readonly secureCookies: boolean;
  readonly webauthnRpId: string;
  readonly webauthnRpName: string;
  readonly appOrigin: string;
}

/** Reads and validates the given environment (process.env in production, a plain object in tests). */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: { version?: string; cwd?: string } = {},
): Config {
  env = withSecretFiles(env);
  const values: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(variables) as [VariableName, VariableSpec<unknown>][]) {
    const raw = env[name]?.trim();
    values[name] = raw === undefined || raw === '' ? spec.fallback : spec.parse(raw, name);
  }
  // Unset, the public URL is this machine at the port the server listens on (not always 8000).
  if (!env.APP_URL?.trim()) values.APP_URL = `http://localhost:${String(values.PORT)}`;
  const raw = values as RawConfig;
  if (raw.AUTHENTICATION_GUARD === 'reverse-proxy-guard' && raw.TRUSTED_PROXIES.length === 0) {
    throw new ConfigError(
      'TRUSTED_PROXIES',
      'is required when AUTHENTICATION_GUARD=reverse-proxy-guard (the addresses of your reverse proxies, or *)',
    );
  }
  assertOidcComplete(raw);
  const appUrl = new URL(raw.APP_URL);
  return {
    ...raw,
    dataDir: path.resolve(options.cwd ?? process.cwd(), raw.DATA_DIR),
    backupDir: path.resolve(
      options.cwd ?? process.cwd(),
      raw.BACKUP_DIR ?? path.join(raw.DATA_DIR, 'backups'),
    ),
    webDir: raw.WEB_DIR === undefined ? null : path.resolve(options.cwd ?? process.cwd(), raw.WEB_DIR),
    version: options.version ?? '0.0.0',
    secureCookies: appUrl.protocol === 'https:',
    webauthnRpId: raw.WEBAUTHN_ID ?? appUrl.hostname,
    webauthnRpName: raw.WEBAUTHN_NAME ?? raw.APP_NAME,
    appOrigin: appUrl.origin,
  };
}
