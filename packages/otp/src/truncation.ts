/**
 * The 31-bit dynamic truncation of RFC 4226 §5.3 over an HMAC digest, shared by the Node engine
 * (codes.ts) and the browser's (web-codes.ts). Bytes read past the end of a short digest
 * (HMAC-MD5, offsets 13–15) count as 0: the zero-fill rule, which reproduces the codes 2FAuth
 * (through its PHP library) gives for MD5 accounts.
 */
export function dynamicTruncation(digest: Uint8Array): number {
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  return (
    (((digest[offset] ?? 0) & 0x7f) * 0x1000000 +
      ((digest[offset + 1] ?? 0) << 16) +
      ((digest[offset + 2] ?? 0) << 8) +
      (digest[offset + 3] ?? 0)) >>>
    0
  );
}
