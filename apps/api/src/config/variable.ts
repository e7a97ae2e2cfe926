import { parseBoolean } from '@twofold/otp';

/** The building blocks of the environment's variables: their spec, error, and the common parsers. */

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
    this.name = 'ConfigError';
  }
}

export type Parser<T> = (raw: string, name: string) => T;

export interface VariableSpec<T> {
  /** Value used when the variable is unset or empty. `undefined` = optional, no default. */
  readonly fallback: T;
  readonly parse: Parser<T>;
  /** One line for the README. */
  readonly doc: string;
}

export function variable<T>(fallback: NoInfer<T>, parse: Parser<T>, doc: string): VariableSpec<T> {
  return { fallback, parse, doc };
}

/** A variable with no default. */
export function optional<T>(parse: Parser<T>, doc: string): VariableSpec<T | undefined> {
  return { fallback: undefined, parse, doc };
}

export const text: Parser<string> = (raw) => raw;

export const boolean: Parser<boolean> = (raw, name) => {
  const value = parseBoolean(raw);
  if (value === undefined) throw new ConfigError(name, `must be true or false (got "${raw}")`);
  return value;
};

export const httpUrl: Parser<string> = (raw, name) => {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(name, `must be an http or https URL (got "${raw}")`);
  }
  return raw.replace(/\/+$/, '');
};
