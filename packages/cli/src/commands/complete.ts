import type { Context } from '../connect.js';
import type { CompletionKind } from '../completion.js';
import { label } from './accounts.js';

/**
 * `twofold __complete <kind>`: the names a shell offers at <Tab>, one per line (the completion
 * scripts call it). Accounts as `code` finds them (`service:account`), groups as `ls -g` takes
 * them, backups as `backup get` takes them.
 */
export async function printNames(ctx: Context, kind: CompletionKind): Promise<void> {
  const names =
    kind === 'accounts'
      ? (await ctx.twofold.accounts.list()).map(label)
      : kind === 'groups'
        ? (await ctx.twofold.groups.list()).filter((group) => group.id > 0).map((group) => group.name)
        : (await ctx.twofold.backups.list()).map((backup) => backup.name);
  // Each name once: two accounts of one name complete to the same word.
  const lines = [...new Set(names.map((name) => name.replace(/[\r\n]+/g, ' ')).filter(Boolean))];
  if (lines.length > 0) process.stdout.write(`${lines.join('\n')}\n`);
}
