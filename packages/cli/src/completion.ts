import type { Command, Option } from 'commander';
import { CliError, ExitCode } from './exit.js';

/*
 * Shell completion scripts generated from commander's own command tree, so they never fall
 * behind the commands: static scripts, no completion process at each <Tab>, no dependency.
 */

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

interface Node {
  /** Space-separated command path: '' for the program, 'backup ls'... */
  readonly path: string;
  readonly commands: readonly { name: string; description: string }[];
  readonly options: readonly Option[];
  /** Takes a positional argument (a file, a URI...): files are offered. */
  readonly hasArguments: boolean;
}

function visible(command: Command): Command[] {
  return command.commands.filter((sub) => sub.name() !== 'help');
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
        const reply = option.argChoices
          ? `COMPREPLY=($(compgen -W ${quote(option.argChoices.join(' '))} -- "$cur"))`
          : 'COMPREPLY=($(compgen -f -- "$cur"))';
        return `    ${pattern}) ${reply}; return ;;`;
      }),
    )
    .join('\n');
  const subcommands = tree
    .filter((node) => node.commands.length > 0)
    .map((node) => `    ${quote(node.path)}) subs=${quote(node.commands.map((c) => c.name).join(' '))} ;;`)
    .join('\n');
  return `# twofold completion for bash: eval "$(twofold completion bash)" (e.g. in ~/.bashrc)
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
  return `#compdef twofold
# twofold completion for zsh: eval "$(twofold completion zsh)" (e.g. in ~/.zshrc)
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
      const value = takesValue(option)
        ? option.argChoices
          ? ` -x -a ${quote(option.argChoices.join(' '))}`
          : ' -r -F'
        : '';
      lines.push(
        `complete -c twofold -n ${quote(condition)}${short}${long}${value} -d ${quote(option.description)}`,
      );
    }
    if (node.hasArguments && node.commands.length === 0)
      lines.push(`complete -c twofold -n ${quote(condition)} -F`);
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
