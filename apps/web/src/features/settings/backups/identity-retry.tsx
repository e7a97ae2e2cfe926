import { useState, type ReactNode } from 'react';
import { ConfirmIdentity } from '../../../entities/user/ConfirmIdentity';
import { needsConfirmation } from '../../../entities/user/confirm-identity.api';

/**
 * Changing a destination asks for a recent identity confirmation (a 403 otherwise): `ask` takes
 * the error and what to do again; `prompt` is the confirmation to show until the user confirms.
 */
export function useIdentityRetry(): {
  readonly ask: (error: unknown, again: () => void) => boolean;
  readonly prompt: ReactNode;
} {
  const [again, setAgain] = useState<(() => void) | null>(null);
  const ask = (error: unknown, retry: () => void) => {
    if (!needsConfirmation(error)) return false;
    setAgain(() => retry);
    return true;
  };
  const prompt = again ? (
    <ConfirmIdentity
      nested
      onConfirmed={() => {
        setAgain(null);
        again();
      }}
    />
  ) : null;
  return { ask, prompt };
}
