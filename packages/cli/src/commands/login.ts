import { createTwofold } from '@twofold/contract';
import { normaliseUrl, storeConnection } from '../config.js';
import { toCliError } from '../exit.js';
import { readSecret } from '../io.js';

/** Asks for a personal access token, checks it against the server, then stores URL and token. */
export async function login(rawUrl: string): Promise<void> {
  const url = normaliseUrl(rawUrl);
  if (url !== rawUrl.replace(/\/+$/, '') && /\/api\/v1\/?$/i.test(rawUrl)) {
    process.stderr.write(`Using ${url}: the server's address, without /api/v1 (the tool adds it).\n`);
  }
  const token = await readSecret(`Personal access token for ${url}: `);
  let user;
  try {
    user = await createTwofold({ baseUrl: url, token }).user();
  } catch (error) {
    throw toCliError(error, url);
  }
  const file = storeConnection(process.env, { url, token });
  process.stderr.write(`Logged in to ${url} as ${user.name}; saved in ${file}\n`);
}
