import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { totpCodes } from './codes.js';
import { canComputeInBrowser, webTotpCodes } from './web-codes.js';

const SECRET = 'A4GRFHVVRBGY7UIW';

describe('webTotpCodes (Web Crypto) gives the codes of totpCodes', () => {
  it('for RFC 6238 vectors (SHA-1, SHA-256, SHA-512, 8 digits)', async () => {
    const secrets = {
      sha1: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      sha256: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA',
      sha512:
        'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNA',
    };
    const expected = { sha1: '94287082', sha256: '46119246', sha512: '90693936' };
    for (const algorithm of ['sha1', 'sha256', 'sha512'] as const) {
      const params = { otp_type: 'totp', secret: secrets[algorithm], digits: 8, algorithm, period: 30 };
      expect((await webTotpCodes(params, 59))?.password).toBe(expected[algorithm]);
    }
  });

  it('for any TOTP or Steam account and moment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('totp', 'steamtotp'),
        fc.constantFrom('sha1', 'sha256', 'sha512'),
        fc.integer({ min: 5, max: 10 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 0, max: 4_000_000_000 }),
        async (otp_type, algorithm, digits, period, now) => {
          const params = { otp_type, secret: SECRET, digits, algorithm, period };
          const node = totpCodes(params, now);
          const web = await webTotpCodes(params, now);
          expect(node.ok).toBe(true);
          if (!node.ok) return;
          expect(web?.password).toBe(node.value.password);
          expect(web?.next_password).toBe(node.value.next_password);
          expect(web?.period).toBe(node.value.period);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never computes HOTP (a code spends a counter on the server) nor MD5 (not in Web Crypto)', async () => {
    expect(canComputeInBrowser({ otp_type: 'hotp', algorithm: 'sha1' })).toBe(false);
    expect(canComputeInBrowser({ otp_type: 'totp', algorithm: 'md5' })).toBe(false);
    expect(canComputeInBrowser({ otp_type: 'steamtotp', algorithm: 'md5' })).toBe(true);
    const hotp = { otp_type: 'hotp', secret: SECRET, digits: 6, algorithm: 'sha1', period: null };
    expect(await webTotpCodes(hotp, 0)).toBeNull();
    expect(await webTotpCodes({ ...hotp, otp_type: 'totp', secret: '1!' }, 0)).toBeNull();
  });
});
