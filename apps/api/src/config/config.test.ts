import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveAppKeys } from './app-key.js';
import { loadConfig, variables } from './config.js';
import { ConfigError } from './variable.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, { cwd: '/srv/twofold', version: '1.2.3' });
    expect(config.PORT).toBe(8000);
    expect(config.HOST).toBe('127.0.0.1');
    expect(config.APP_URL).toBe('http://localhost:8000');
    expect(config.dataDir).toBe('/srv/twofold/data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.secureCookies).toBe(false);
    expect(config.webauthnRpId).toBe('localhost');
    expect(config.version).toBe('1.2.3');
  });

  it('takes the public URL from the port when APP_URL is not set', () => {
    expect(loadConfig({ PORT: '8123' }).APP_URL).toBe('http://localhost:8123');
    expect(loadConfig({ PORT: '8123' }).appOrigin).toBe('http://localhost:8123');
    expect(loadConfig({ PORT: '8123', APP_URL: 'https://2fa.example.com' }).APP_URL).toBe(
      'https://2fa.example.com',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_URL: 'localhost:8000' }, 'APP_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ APP_KEY: 'c2hvcnQ=' }, 'APP_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ IS_DEMO_APP: 'perhaps' }, 'IS_DEMO_APP'],
    [{ TRUSTED_PROXIES: '10.0.0.1,not-an-ip' }, 'TRUSTED_PROXIES'],
    [{ AUTHENTICATION_GUARD: 'reverse-proxy-guard' }, 'TRUSTED_PROXIES'],
    [{ LOGIN_THROTTLE_ACCOUNT: '-1' }, 'LOGIN_THROTTLE_ACCOUNT'],
    [{ LOGIN_THROTTLE_ACCOUNT: 'twenty' }, 'LOGIN_THROTTLE_ACCOUNT'],
    [{ OIDC_ISSUER_URL: 'sso.example.com' }, 'OIDC_ISSUER_URL'],
    [{ OIDC_ISSUER_URL: 'https://sso.example.com', OIDC_CLIENT_ID: 'twofold' }, 'OIDC_CLIENT_SECRET'],
    [{ OIDC_DISABLE_PASSWORD_LOGIN: 'true' }, 'OIDC_DISABLE_PASSWORD_LOGIN'],
  ])('refuses %o naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  it('keeps the OpenID issuer exactly as written (discovery compares it), trailing slash included', () => {
    const env = {
      OIDC_ISSUER_URL: 'https://tenant.example.com/',
      OIDC_CLIENT_ID: 'a',
      OIDC_CLIENT_SECRET: 'b',
    };
    expect(loadConfig(env).OIDC_ISSUER_URL).toBe('https://tenant.example.com/');
  });

  it('reads https URLs as secure, proxies as lists, throttles as numbers', () => {
    const config = loadConfig({
      APP_URL: 'https://2fa.example.com/',
      TRUSTED_PROXIES: '10.0.0.0/8, ::1',
      THROTTLE_API: 'false',
      AUTHENTICATION_GUARD: 'reverse-proxy-guard',
    });
    expect(config.APP_URL).toBe('https://2fa.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.webauthnRpId).toBe('2fa.example.com');
    expect(config.TRUSTED_PROXIES).toEqual(['10.0.0.0/8', '::1']);
    expect(config.THROTTLE_API).toBe(0);
  });

  it('the README documents every variable', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
    const missing = Object.keys(variables).filter((name) => !readme.includes(`| \`${name}\` |`));
    expect(missing).toEqual([]);
  });
});

describe('application key', () => {
  it('is generated once into DATA_DIR/app.key with mode 0600, then reused', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'twofold-key-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const first = resolveAppKeys(config);
    const file = path.join(dataDir, 'app.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.current).toHaveLength(32);
    expect(resolveAppKeys(config).current.equals(first.current)).toBe(true);
  });

  it('comes from APP_KEY_FILE when given', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'twofold-keyfile-'));
    const keyFile = path.join(dir, 'key');
    const key = Buffer.alloc(32, 7);
    writeFileSync(keyFile, `${key.toString('base64')}\n`);
    const keys = resolveAppKeys(loadConfig({ DATA_DIR: dir, APP_KEY_FILE: keyFile }));
    expect(keys.current.equals(key)).toBe(true);
  });
});

describe('secret variables from files (_FILE)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'twofold-secrets-'));
  const file = (name: string, content: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, content);
    return at;
  };

  it('reads each one from its file, without the trailing newline', () => {
    const config = loadConfig({
      DATABASE_URL_FILE: file('db', 'postgres://twofold:s3cret@db:5432/twofold\n'),
      MAIL_PASSWORD_FILE: file('mail', ' mail pass \r\n'),
      OIDC_CLIENT_SECRET_FILE: file('oidc', 'client-secret\n'),
      OIDC_ISSUER_URL: 'https://id.example.com',
      OIDC_CLIENT_ID: 'twofold',
      PROXY_FOR_OUTGOING_REQUESTS_FILE: file('proxy', 'http://u:p@proxy:3128\n'),
      APP_PREVIOUS_KEYS_FILE: file('keys', `${Buffer.alloc(32, 3).toString('base64')}\n`),
    });
    expect(config.DATABASE_URL).toBe('postgres://twofold:s3cret@db:5432/twofold');
    expect(config.MAIL_PASSWORD).toBe('mail pass');
    expect(config.OIDC_CLIENT_SECRET).toBe('client-secret');
    expect(config.PROXY_FOR_OUTGOING_REQUESTS).toBe('http://u:p@proxy:3128');
    expect(config.APP_PREVIOUS_KEYS.map((key) => key.toString('hex'))).toEqual([
      Buffer.alloc(32, 3).toString('hex'),
    ]);
  });

  it('refuses a missing file, naming the variable (and not the secret)', () => {
    const missing = path.join(dir, 'not-there');
    expect(() => loadConfig({ DATABASE_URL_FILE: missing })).toThrow(
      `Invalid configuration: DATABASE_URL_FILE cannot be read: ${missing}`,
    );
    expect(() => loadConfig({ MAIL_PASSWORD_FILE: file('empty', '\n') })).toThrow(
      'Invalid configuration: MAIL_PASSWORD_FILE names an empty file',
    );
  });

  it('refuses a variable set both ways', () => {
    const both = () =>
      loadConfig({ OIDC_CLIENT_SECRET: 'inline-secret', OIDC_CLIENT_SECRET_FILE: file('both', 'x\n') });
    expect(both).toThrow(ConfigError);
    expect(both).toThrow(
      'Invalid configuration: OIDC_CLIENT_SECRET_FILE and OIDC_CLIENT_SECRET are both set',
    );
    expect(both).not.toThrow(/inline-secret/);
  });
});
