import type { Page } from 'playwright-core';
import { apiCall } from '../test/browser/accounts-helpers';

/** A distinct base32 secret per account (derived, so a run is repeatable). */
function secretOf(index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let seed = (index + 1) * 2654435761;
  let secret = '';
  for (let i = 0; i < 32; i += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    secret += alphabet[seed % 32];
  }
  return secret;
}

/** Creates the TOTP accounts `Service from` .. `Service to - 1` through the API, 25 at a time. */
export async function seedAccounts(page: Page, url: string, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += 25) {
    await Promise.all(
      Array.from({ length: Math.min(25, to - start) }, (_, k) =>
        apiCall(page, 'POST', `${url}/api/v1/twofaccounts`, {
          otp_type: 'totp',
          service: `Service ${start + k}`,
          account: `user${start + k}@example.com`,
          secret: secretOf(start + k),
        }),
      ),
    );
  }
}
