import { createTwofold } from '@twofold/contract';
import { normaliseUrl, storeConnection } from '../config.js';
import { readSecret } from '../io.js';

/** Asks for a personal access token, checks it against the server, then stores URL and token. */
export async function login(rawUrl: string): Promise<void> {
  const url = normaliseUrl(rawUrl);
  const token = await readSecret(`Personal access token for ${url}: `);
  const user = await createTwofold({ baseUrl: url, token }).user();
  const file = storeConnection(process.env, { url, token });
  process.stderr.write(`Logged in to ${url} as ${user.name}; saved in ${file}\n`);
}
