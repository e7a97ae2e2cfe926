import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { CliError, ExitCode } from './exit.js';

export interface Connection {
  readonly url: string;
  readonly token: string;
}

/** `$XDG_CONFIG_HOME/twofold/config.json`, else `~/.config/twofold/config.json`. */
export function configPath(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME)
      ? env.XDG_CONFIG_HOME
      : path.join(homedir(), '.config');
  return path.join(base, 'twofold', 'config.json');
}

function readStored(file: string): Partial<Connection> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return {
      ...(typeof parsed.url === 'string' ? { url: parsed.url } : {}),
      ...(typeof parsed.token === 'string' ? { token: parsed.token } : {}),
    };
  } catch {
    throw new CliError(
      `The configuration file ${file} is not valid JSON; run \`twofold login <url>\` again.`,
    );
  }
}

/** The server and token: `TWOFOLD_URL` and `TWOFOLD_TOKEN` win over the stored login. */
export function resolveConnection(env: NodeJS.ProcessEnv): Connection {
  const stored = readStored(configPath(env));
  const url = env.TWOFOLD_URL || stored.url;
  const token = env.TWOFOLD_TOKEN || stored.token;
  if (!url || !token) {
    throw new CliError(
      'Not logged in: run `twofold login <url>`, or set TWOFOLD_URL and TWOFOLD_TOKEN.',
      ExitCode.auth,
    );
  }
  return { url: normaliseUrl(url), token };
}

/**
 * An http(s) URL without a trailing slash (the server may live in a sub-directory). The API's
 * own address (`https://host/api/v1`) is taken for the server's: the tool adds `/api/v1` itself.
 */
export function normaliseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(
      `Not a URL: ${raw} (give the server's address, e.g. https://2fa.example.com)`,
      ExitCode.usage,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`The URL must start with http:// or https://: ${raw}`, ExitCode.usage);
  }
  url.search = '';
  url.hash = '';
  return url.href.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
}

/** Stores the login readable by its owner only (the token opens every account). */
export function storeConnection(env: NodeJS.ProcessEnv, connection: Connection): string {
  const file = configPath(env);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify(connection, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600); // an existing file keeps its old mode through writeFileSync
  return file;
}
