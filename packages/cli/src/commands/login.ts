import { createTwofold, type TokenScope } from '@twofold/contract';
import { normaliseUrl, storeConnection } from '../config.js';
import { CliError, ExitCode, toCliError } from '../exit.js';
import { readSecret } from '../io.js';
import { loginWithDevice } from './login-device.js';

export const TOKEN_SCOPES: readonly TokenScope[] = ['codes', 'read', 'full'];

/**
 * Asks for a personal access token, checks it against the server (and its scope, when `--scope`
 * asks for one), then stores URL and token.
 */
export async function login(
  rawUrl: string,
  options: { scope?: TokenScope; device?: boolean } = {},
): Promise<void> {
  const url = normaliseUrl(rawUrl);
  if (url !== rawUrl.replace(/\/+$/, '') && /\/api\/v1\/?$/i.test(rawUrl)) {
    process.stderr.write(`Using ${url}: the server's address, without /api/v1 (the tool adds it).\n`);
  }
  if (options.device) {
    if (options.scope === 'full') {
      throw new CliError(
        'A pairing gives a "codes" or a "read" token, never a "full" one: create a "full" token in Settings → Personal access tokens and run `twofold login <url>` without --device.',
        ExitCode.usage,
      );
    }
    return loginWithDevice(url, options.scope ?? 'codes');
  }
  const token = await readSecret(`Personal access token for ${url}: `);
  let who;
  try {
    who = await createTwofold({ baseUrl: url, token }).whoami();
  } catch (error) {
    throw toCliError(error, url);
  }
  if (options.scope && who.scope !== options.scope) {
    const actual = who.scope
      ? `a "${who.scope}" token`
      : 'a token without scopes (a server before token scopes)';
    throw new CliError(
      `This is ${actual}, not "${options.scope}": create a "${options.scope}" token in Settings → Personal access tokens, or leave out --scope. Nothing was saved.`,
    );
  }
  const file = storeConnection(process.env, { url, token });
  const scope = who.scope ? ` (token scope: ${who.scope})` : '';
  process.stderr.write(`Logged in to ${url} as ${who.user.name}${scope}; saved in ${file}\n`);
}
