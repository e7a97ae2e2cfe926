import { hostname } from 'node:os';
import {
  createTwofold,
  DeviceAuthorizationError,
  type DeviceAuthorization,
  type DeviceToken,
  type TokenScope,
} from '@twofold/contract';
import { normaliseUrl, storeConnection } from '../config.js';
import { CliError, ExitCode, toCliError } from '../exit.js';

/** What a pairing can give: the web page approves a `codes` or a `read` token, never a full one. */
export type DeviceScope = Extract<TokenScope, 'codes' | 'read'>;

/** The name the pairing is listed under (the web page lets the user change it): the tool and the machine. */
function clientName(): string {
  return `twofold CLI on ${hostname() || 'this computer'}`.slice(0, 64);
}

/** `14:05` in the terminal's own locale and time zone: when the pairing stops waiting. */
function clockTime(at: Date): string {
  return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

function instructions(started: DeviceAuthorization, expiresAt: Date): string {
  return [
    'To log in, open this page in a browser where you are signed in to Twofold:',
    '',
    `  ${started.verification_uri_complete}`,
    '',
    `and check that it shows the code ${started.user_code}`,
    `(or open ${started.verification_uri} and type the code there).`,
    `Waiting for your approval until ${clockTime(expiresAt)}; Ctrl-C stops.`,
    '',
  ].join('\n');
}

/** Why the wait ended without a token, as the user is told. */
function whyNoToken(error: unknown, url: string, signals: { expired: AbortSignal; stopped: AbortSignal }) {
  if (signals.stopped.aborted) return new CliError('Stopped: nothing was saved.', ExitCode.interrupted);
  const expired =
    signals.expired.aborted || (error instanceof DeviceAuthorizationError && error.error === 'expired_token');
  if (expired) {
    return new CliError(
      `The code expired before it was approved: nothing was saved. Run \`twofold login ${url} --device\` again for a new code.`,
    );
  }
  if (error instanceof DeviceAuthorizationError && error.error === 'access_denied') {
    return new CliError('The connection was denied in the web app: nothing was saved.', ExitCode.auth);
  }
  return toCliError(error, url);
}

/**
 * Shows the code (`announce`), then polls (every `interval`, slower after `slow_down`) until
 * approval, denial, expiry or Ctrl-C.
 */
async function waitForApproval(
  twofold: ReturnType<typeof createTwofold>,
  started: DeviceAuthorization,
  url: string,
  announce: () => void,
): Promise<DeviceToken> {
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  // Listening before the code shows: a Ctrl-C at any moment after it ends with the tool's message.
  process.once('SIGINT', onInterrupt);
  // The tool's own deadline too: a server that never says `expired_token` still ends the wait.
  const expired = AbortSignal.timeout(started.expires_in * 1000);
  try {
    announce();
    return await twofold.deviceAuthorization.waitForToken(started, {
      signal: AbortSignal.any([stop.signal, expired]),
    });
  } catch (error) {
    throw whyNoToken(error, url, { expired, stopped: stop.signal });
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

/**
 * `twofold login <url> --device`: no token to copy. The tool starts a pairing, prints the web
 * page (with the code) and the code to compare, and waits; once the signed-in user approves it
 * there, the token it receives is stored like a pasted one.
 */
export async function loginWithDevice(url: string, scope: DeviceScope): Promise<void> {
  let started: DeviceAuthorization;
  try {
    started = await createTwofold({ baseUrl: url }).deviceAuthorization.start(clientName(), scope);
  } catch (error) {
    throw toCliError(error, url);
  }
  const expiresAt = new Date(Date.now() + started.expires_in * 1000);
  const token = await waitForApproval(createTwofold({ baseUrl: url }), started, url, () =>
    process.stderr.write(instructions(started, expiresAt)),
  );
  let who;
  try {
    who = await createTwofold({ baseUrl: url, token: token.access_token }).whoami();
  } catch (error) {
    throw toCliError(error, url);
  }
  const file = storeConnection(process.env, { url: normaliseUrl(url), token: token.access_token });
  process.stderr.write(
    `Logged in to ${url} as ${who.user.name} (token scope: ${token.scope}: ${describeScope(token.scope)}), listed as "${token.token_name}" in Settings → Personal access tokens; saved in ${file}\n`,
  );
}

function describeScope(scope: DeviceScope): string {
  return scope === 'codes'
    ? 'the accounts without their secrets, and their codes'
    : 'every read, secrets included; no change';
}
