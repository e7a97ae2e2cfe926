import { createPasswordSlot, type PasswordSlot, type ScryptParams, type Slot } from '@twofold/vault';

/**
 * scrypt N = 2^15, r = 8, p = 1 (32 MiB), as the backups and Aegis use: a stolen copy costs an
 * attacker as much per guess as a stolen backup. Copies made with N = 2^14 before are re-wrapped
 * with these at their next unlock by passphrase (`strengthenedSlots`).
 */
export const COPY_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };

/**
 * The copy's key slots with the passphrase slot that just opened re-made with `COPY_SCRYPT`, or
 * null when it already has them (or more). The master key is the same: only its wrapping changes,
 * and the other slots (a passkey's) stay as they are.
 */
export async function strengthenedSlots(
  slots: readonly Slot[],
  opened: PasswordSlot,
  passphrase: string,
  masterKey: Uint8Array,
): Promise<Slot[] | null> {
  if (opened.n >= COPY_SCRYPT.N && opened.r >= COPY_SCRYPT.r && opened.p >= COPY_SCRYPT.p) return null;
  const replacement = await createPasswordSlot(passphrase, masterKey, { params: COPY_SCRYPT });
  return slots.map((slot) => (slot.uuid === opened.uuid ? replacement : slot));
}
