import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseKey, type Config } from './config.js';

export interface AppKeys {
  /** The current key: encrypts sessions and, when enabled, accounts at rest. */
  readonly current: Buffer;
  /** Former keys, tried when decrypting. */
  readonly previous: readonly Buffer[];
}

/**
 * APP_KEY, else APP_KEY_FILE, else DATA_DIR/app.key — generated on first start with mode 0600
 * so that a new user needs no setup, and reused afterwards (sessions and encrypted data survive).
 */
export function resolveAppKeys(config: Config): AppKeys {
  if (config.APP_KEY) return { current: config.APP_KEY, previous: config.APP_PREVIOUS_KEYS };
  if (config.APP_KEY_FILE) {
    let content: string;
    try {
      content = readFileSync(config.APP_KEY_FILE, 'utf8');
    } catch {
      throw new ConfigError('APP_KEY_FILE', `cannot be read: ${config.APP_KEY_FILE}`);
    }
    return { current: parseKey(content.trim(), 'APP_KEY_FILE'), previous: config.APP_PREVIOUS_KEYS };
  }
  const file = path.join(config.dataDir, 'app.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  }
  chmodSync(file, 0o600);
  return {
    current: parseKey(readFileSync(file, 'utf8').trim(), `the key file ${file}`),
    previous: config.APP_PREVIOUS_KEYS,
  };
}
