import { createTwofold, type Twofold } from '@twofold/contract';
import { resolveConnection } from './config.js';

export interface Context {
  readonly twofold: Twofold;
  readonly url: string;
}

/** The SDK, authenticated with the stored login or the environment's override. */
export function connect(env: NodeJS.ProcessEnv = process.env): Context {
  const { url, token } = resolveConnection(env);
  return { twofold: createTwofold({ baseUrl: url, token }), url };
}
