import type * as SimpleWebAuthn from '@simplewebauthn/server';

/**
 * @simplewebauthn/server and its ASN.1/CBOR stack, loaded at the first WebAuthn request: most
 * starts never need them, and loading them costs start time and memory.
 */
let loading: Promise<typeof SimpleWebAuthn> | undefined;

export function webauthnLib(): Promise<typeof SimpleWebAuthn> {
  return (loading ??= import('@simplewebauthn/server'));
}
