import { readFileSync } from 'node:fs';
import { ConfigError, optional, text, type VariableSpec } from './variable.js';

/*
 * Secret variables may come from files instead (Docker and Kubernetes secrets mounted as files):
 * `<NAME>_FILE` names a file whose content, trimmed as any variable is (so a trailing newline does
 * not count), is the value of `<NAME>`. Setting both is an error, as is a file that cannot be read.
 * `APP_KEY_FILE` is older and read by app-key.ts (a key generated when neither is set).
 */

/** The secret variables that have a `_FILE` twin. */
export const SECRET_VARIABLES = [
  'DATABASE_URL',
  'APP_PREVIOUS_KEYS',
  'MAIL_PASSWORD',
  'OIDC_CLIENT_SECRET',
  'PROXY_FOR_OUTGOING_REQUESTS',
] as const;

type Twin = `${(typeof SECRET_VARIABLES)[number]}_FILE`;

const fileVariable = (name: string) =>
  optional(
    text,
    `Path of a file holding \`${name}\` (a mounted secret, say); its content is trimmed. Not together with \`${name}\`.`,
  );

/** The `_FILE` variables' specs (documented in the README with the others). */
export const secretFileVariables = Object.fromEntries(
  SECRET_VARIABLES.map((name) => [`${name}_FILE`, fileVariable(name)]),
) as { readonly [K in Twin]: VariableSpec<string | undefined> };

type Env = Readonly<Record<string, string | undefined>>;

/** The environment with each `<NAME>_FILE` read into `<NAME>`. */
export function withSecretFiles(
  env: Env,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): Env {
  const out: Record<string, string | undefined> = { ...env };
  for (const name of SECRET_VARIABLES) {
    const file = env[`${name}_FILE`]?.trim();
    if (!file) continue;
    if (env[name]?.trim())
      throw new ConfigError(`${name}_FILE`, `and ${name} are both set: keep one of them`);
    let content: string;
    try {
      content = read(file);
    } catch {
      throw new ConfigError(`${name}_FILE`, `cannot be read: ${file}`);
    }
    if (content.trim() === '') throw new ConfigError(`${name}_FILE`, `names an empty file: ${file}`);
    out[name] = content;
  }
  return out;
}
