// Writes man/twofold.1 (section 1) from the tool's own --help pages, after the build: the manual
// says what the help says. Run by `pnpm build`; the page ships in the package (`man` field).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const main = new URL('../dist/main.js', import.meta.url).pathname;
const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const help = (args) =>
  execFileSync(process.execPath, [main, ...args, '--help'], {
    encoding: 'utf8',
    env: { ...process.env, COLUMNS: '78' },
  });

/** The sub-commands a help page lists (not `help` itself). */
function commandsOf(page) {
  const section = page.split(/^Commands:\n/m)[1] ?? '';
  return [...section.matchAll(/^ {2}(\S+)/gm)].map((m) => m[1]).filter((name) => name !== 'help');
}

function walk(args) {
  const page = help(args);
  return [{ args, page }, ...commandsOf(page).flatMap((name) => walk([...args, name]))];
}

const escape = (text) =>
  text
    .replace(/\\/g, '\\e')
    .replace(/^([.'])/gm, '\\&$1')
    .replace(/-/g, '\\-');
const [top, ...pages] = walk([]);
const date = process.env.SOURCE_DATE_EPOCH
  ? new Date(Number(process.env.SOURCE_DATE_EPOCH) * 1000)
  : new Date(0);
const out = [
  `.TH TWOFOLD 1 "${date.toISOString().slice(0, 10)}" "twofold ${version}" "User Commands"`,
  '.SH NAME',
  'twofold \\- Twofold (2FAuth\\-compatible two\\-factor accounts) from the command line',
  '.SH SYNOPSIS',
  '.B twofold',
  '.I command',
  '[\\fIoptions\\fR]',
  '.SH DESCRIPTION',
  '.nf',
  escape(top.page.trimEnd()),
  '.fi',
  '.SH COMMANDS',
  ...pages.flatMap(({ args, page }) => [
    `.SS ${escape(`twofold ${args.join(' ')}`)}`,
    '.nf',
    escape(page.trimEnd()),
    '.fi',
  ]),
  '.SH ENVIRONMENT',
  '.TP',
  '.B TWOFOLD_URL, TWOFOLD_TOKEN',
  'The server and the personal access token; they win over the stored login.',
  '.TP',
  '.B XDG_CONFIG_HOME',
  'The login is stored in $XDG_CONFIG_HOME/twofold/config.json (else ~/.config/twofold/config.json), mode 0600.',
  '.SH EXIT STATUS',
  '0 done; 1 failed; 2 several accounts match (code); 3 not logged in or token refused; 4 server unreachable; 64 wrong command line.',
  '.SH SEE ALSO',
  'https://github.com/twofold-app/twofold/tree/main/packages/cli#readme',
  '',
];
mkdirSync(new URL('../man/', import.meta.url), { recursive: true });
writeFileSync(new URL('../man/twofold.1', import.meta.url), out.join('\n'));
console.log(`man/twofold.1: ${pages.length + 1} help pages`);
