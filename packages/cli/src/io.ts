import { spawn, spawnSync } from 'node:child_process';
import { read } from 'read';
import { CliError } from './exit.js';

/** All of standard input, as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A secret (token, password): typed without echo on a terminal, else the first line of standard
 * input, so scripts can pipe it in.
 */
export async function readSecret(prompt: string): Promise<string> {
  const value = process.stdin.isTTY
    ? await read({ prompt, silent: true, replace: '', output: process.stderr })
    : (await readStdin()).split(/\r?\n/)[0];
  const secret = (value ?? '').trim();
  if (!secret) throw new CliError('Nothing was entered.');
  return secret;
}

/** Clipboard programs, tried in order: Wayland, X11, macOS, Windows (and WSL). */
const CLIPBOARD_TOOLS: readonly (readonly [string, ...string[]])[] = [
  ['wl-copy'],
  ['xclip', '-selection', 'clipboard'],
  ['xsel', '--clipboard', '--input'],
  ['pbcopy'],
  ['clip.exe'],
];

function onPath(command: string): boolean {
  const probe = process.platform === 'win32' ? 'where' : 'which';
  return spawnSync(probe, [command], { stdio: 'ignore' }).status === 0;
}

/** Copies text with the system's clipboard tool; a clear error when there is none. */
export async function copyToClipboard(text: string): Promise<void> {
  const tool = CLIPBOARD_TOOLS.find(([command]) => onPath(command));
  if (!tool) {
    throw new CliError(
      'No clipboard tool found (install wl-clipboard, xclip or xsel); the code was not copied.',
    );
  }
  const [command, ...args] = tool;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'ignore', 'ignore'] });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new CliError(`${command} could not copy the code (exit ${code}).`)),
    );
    child.stdin.end(text);
  });
}
