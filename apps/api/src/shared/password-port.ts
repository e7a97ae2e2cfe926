/**
 * Makes and checks the users' password hashes (a dependency of the services: `deps.passwords`;
 * the scrypt implementation and its cost are in auth/password.ts).
 */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** Constant-time check of a password against a stored hash; false for any malformed hash. */
  verify(password: string, stored: string | undefined): Promise<boolean>;
}
