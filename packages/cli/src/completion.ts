import type { Command, Option } from 'commander';
import { CliError, ExitCode } from './exit.js';

/*
 * Shell completion scripts generated from commander's own command tree, so they never fall
 * behind the commands: commands, options and fixed choices are in the script itself; account,
 * group and backup names come from the server at <Tab>, through the hidden `twofold __complete`
 * (with the stored login; nothing, quickly, when the server cannot be reached).
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What `twofold __complete <kind>` lists, one name per line. */
export const COMPLETION_KINDS = ['accounts', 'groups', 'backups'] as const;
export type CompletionKind = (typeof COMPLETION_KINDS)[number];

/** The arguments (`<command path>`) and option values (`<command path>|<flag>`) named from the server. */
const FROM_SERVER: Readonly<Record<string, CompletionKind>> = {
  code: 'accounts',
  'ls|-g': 'groups',
  'ls|--group': 'groups',
  'backup get': 'backups',
};
const fromServer = (kind: CompletionKind) => `_twofold_names ${kind}`;

interface Node {
  /** Space-separated command path: '' for the program, 'backup ls'... */
  readonly path: string;
  readonly commands: readonly { name: string; description: string }[];
  readonly options: readonly Option[];
  /** Takes a positional argument (a file, a URI...): files are offered. */
  readonly hasArguments: boolean;
}

function visible(command: Command): Command[] {
  return command.commands.filter((sub) => sub.name() !== 'help' && !sub.name().startsWith('__'));
}

function nodes(command: Command, path = ''): Node[] {
  const here: Node = {
    path,
    commands: visible(command).map((sub) => ({ name: sub.name(), description: sub.description() })),
    options: command.options,
    hasArguments: command.registeredArguments.length > 0,
  };
  return [
    here,
    ...visible(command).flatMap((sub) => nodes(sub, path ? `${path} ${sub.name()}` : sub.name())),
  ];
}

const flags = (option: Option) => [option.short, option.long].filter((f): f is string => Boolean(f));
const takesValue = (option: Option) => option.required || option.optional;
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bash(tree: Node[]): string {
  const words = tree
    .map((node) => {
      const all = [...node.commands.map((c) => c.name), ...node.options.flatMap(flags), '--help'];
      return `    ${quote(node.path)}) words=${quote(all.join(' '))} ;;`;
    })
    .join('\n');
  const values = tree
    .flatMap((node) =>
      node.options.filter(takesValue).map((option) => {
        const pattern = flags(option)
          .map((flag) => quote(`${node.path}|${flag}`))
          .join('|');
        const kind = flags(option)
          .map((flag) => FROM_SERVER[`${node.path}|${flag}`])
          .find(Boolean);
        const reply = option.argChoices
          ? `COMPREPLY=($(compgen -W ${quote(option.argChoices.join(' '))} -- "$cur"))`
          : kind
            ? fromServer(kind)
            : 'COMPREPLY=($(compgen -f -- "$cur"))';
        return `    ${pattern}) ${reply}; return ;;`;
      }),
    )
    .join('\n');
  const named = Object.entries(FROM_SERVER)
    .filter(([key]) => !key.includes('|'))
    .map(([path, kind]) => `    ${quote(path)}) if [[ $cur != -* ]]; then ${fromServer(kind)}; return; fi ;;`)
    .join('\n');
  const subcommands = tree
    .filter((node) => node.commands.length > 0)
    .map((node) => `    ${quote(node.path)}) subs=${quote(node.commands.map((c) => c.name).join(' '))} ;;`)
    .join('\n');
  return `# twofold completion for bash: eval "$(twofold completion bash)" (e.g. in ~/.bashrc)
# Names from the server (accounts, groups, backups), one per line; readline quotes their spaces.
_twofold_names() {
  local IFS=$'\\n'
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -W "$(twofold __complete "$1" 2>/dev/null)" -- "$cur"))
}
_twofold() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]} path="" subs words w i
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=\${COMP_WORDS[i]}
    subs=""
    case "$path" in
${subcommands}
    esac
    case " $subs " in *" $w "*) path="\${path:+$path }$w" ;; esac
  done
  case "$path|$prev" in
${values}
  esac
  case "$path" in
${named}
  esac
  words=""
  case "$path" in
${words}
  esac
  if [[ $cur == -* || -z $cur ]]; then
    COMPREPLY=($(compgen -W "$words" -- "$cur"))
  else
    COMPREPLY=($(compgen -W "$words" -- "$cur") $(compgen -f -- "$cur"))
  fi
}
complete -o default -F _twofold twofold
`;
}

function zsh(tree: Node[]): string {
  // Self-contained: it loads zsh's completion system itself when ~/.zshrc has not (compinit).
  return `#compdef twofold
# twofold completion for zsh: eval "$(twofold completion zsh)" (e.g. in ~/.zshrc; compinit not needed)
(( $+functions[compdef] )) || { autoload -Uz compinit && compinit -u }
autoload -U +X bashcompinit && bashcompinit
${bash(tree).split('\n').slice(1).join('\n')}`;
}

function fish(tree: Node[]): string {
  const lines = ['# twofold completion for fish: twofold completion fish | source', 'complete -c twofold -f'];
  for (const node of tree) {
    const parts = node.path.split(' ').filter(Boolean);
    const others = tree
      .filter((n) => n.path.split(' ').filter(Boolean).length === parts.length + 1)
      .map((n) => n.path.split(' ').at(-1));
    const condition =
      parts.length === 0
        ? '__fish_use_subcommand'
        : `__fish_seen_subcommand_from ${parts.at(-1)}${
            others.length && node.commands.length
              ? `; and not __fish_seen_subcommand_from ${others.join(' ')}`
              : ''
          }`;
    for (const sub of node.commands) {
      lines.push(
        `complete -c twofold -n ${quote(condition)} -a ${quote(sub.name)} -d ${quote(sub.description)}`,
      );
    }
    for (const option of node.options) {
      const short = option.short ? ` -s ${option.short.slice(1)}` : '';
      const long = option.long ? ` -l ${option.long.slice(2)}` : '';
      const optionKind = flags(option)
        .map((flag) => FROM_SERVER[`${node.path}|${flag}`])
        .find(Boolean);
      const value = takesValue(option)
        ? option.argChoices
          ? ` -x -a ${quote(option.argChoices.join(' '))}`
          : optionKind
            ? ` -x -a ${quote(`(twofold __complete ${optionKind} 2>/dev/null)`)}`
            : ' -r -F'
        : '';
      lines.push(
        `complete -c twofold -n ${quote(condition)}${short}${long}${value} -d ${quote(option.description)}`,
      );
    }
    const kind = FROM_SERVER[node.path];
    if (kind) {
      lines.push(
        `complete -c twofold -n ${quote(condition)} -f -a ${quote(`(twofold __complete ${kind} 2>/dev/null)`)}`,
      );
    } else if (node.hasArguments && node.commands.length === 0) {
      lines.push(`complete -c twofold -n ${quote(condition)} -F`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The completion script of a shell for this command tree. */
export function completionScript(program: Command, shell: string): string {
  const tree = nodes(program);
  if (shell === 'bash') return bash(tree);
  if (shell === 'zsh') return zsh(tree);
  if (shell === 'fish') return fish(tree);
  throw new CliError(`No completion for "${shell}": use bash, zsh or fish.`, ExitCode.usage);
}
