import { describe, expect, it } from 'vitest';
import { bytesToBase64, importPrivateKey, newDeviceKeys, openContent, sealContent } from './copy-crypto';

describe("the copy's sealing", () => {
  it('base64 of large buffers equals the one-piece encoding (no padding inside)', () => {
    for (const length of [0, 1, 2, 3, 0x6000, 0x8000, 0x8001, 100_000]) {
      const bytes = Uint8Array.from({ length }, (_, index) => (index * 7 + 3) % 256);
      expect(bytesToBase64(bytes), String(length)).toBe(Buffer.from(bytes).toString('base64'));
    }
  });

  it('a copy of 1,000 accounts opens with the private key, and only with it', async () => {
    const accounts = Array.from({ length: 1000 }, (_, index) => ({
      id: index,
      service: `Service ${index}`,
      account: `user${index}@example.com`,
      secret: 'JBSWY3DPEHPK3PXP'.repeat(2),
    }));
    const keys = await newDeviceKeys();
    const sealed = await sealContent(keys.publicKey, { accounts });
    expect(sealed.data.length).toBeGreaterThan(100_000);
    expect(sealed.data).not.toContain('Service');
    expect(await openContent(await importPrivateKey(keys.privateKey), sealed)).toEqual({ accounts });
    const other = await newDeviceKeys();
    await expect(openContent(await importPrivateKey(other.privateKey), sealed)).rejects.toThrow();
  });
});
