import type { ResponseOf } from '@twofold/contract';

export type CreatedToken = ResponseOf<'/oauth/personal-access-tokens', 'post'>;

/**
 * The token just generated, handed from the creation form to the list, which shows its value once
 * and forgets it: a reload of the list no longer has it.
 */
let fresh: CreatedToken | null = null;

export function keepFreshToken(token: CreatedToken): void {
  fresh = token;
}

export function peekFreshToken(): CreatedToken | null {
  return fresh;
}

export function forgetFreshToken(): void {
  fresh = null;
}
