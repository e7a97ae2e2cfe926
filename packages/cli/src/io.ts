import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { read } from 'read';
import { CliError, ExitCode } from './exit.js';

/** All of standard input, as text. */
export async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The first line of a text, without its line ending (`\n` or `\r\n`). */
export function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return end === -1 ? text : text.slice(0, end).replace(/\r$/, '');
}

/** One line of standard input, without its line ending: what `--password-stdin` reads. */
export async function readStdinLine(): Promise<string> {
  return firstLine(await readStdin());
}

/** The first line of a file, without its line ending: what `--password-file` reads. */
export function readFileLine(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the password file ${file}: ${reason(error)}`);
  }
  return firstLine(text);
}

/**
 * A token: typed without echo on a terminal, else the first line of standard input, so scripts
 * can pipe it in. Surrounding white space is dropped (tokens have none); nothing is a usage error.
 */
export async function readSecret(prompt: string): Promise<string> {
  const secret = (await readPassword(prompt)).trim();
  if (!secret) throw new CliError('Nothing was entered.', ExitCode.usage);
  return secret;
}

/** A password exactly as typed (never trimmed): without echo on a terminal, else one line of stdin. */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) return readStdinLine();
  return (await read({ prompt, silent: true, replace: '', output: process.stderr })) ?? '';
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder';
  if (code === 'ENOTDIR') return 'a part of the path is not a folder';
  return error instanceof Error ? error.message : String(error);
}

/** Writes a file holding account data, readable by its owner only; a clear message when it cannot. */
export function writePrivateFile(file: string, text: string): void {
  try {
    writeFileSync(file, text, { mode: 0o600 });
  } catch (error) {
    const folder = path.dirname(path.resolve(file));
    const detail =
      (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? `the folder ${folder} does not exist`
        : reason(error);
    throw new CliError(`Cannot write ${file}: ${detail}.`);
  }
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

/** `--json` output: one JSON document on standard output, for scripts. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
