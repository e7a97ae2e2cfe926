import { useState } from 'react';
import type { Account } from '../../entities/account/account.api';
import { recoveryBody, type RecoveryDraft } from './RecoveryFields';

/**
 * What the form edits beside the OTP parameters: tags, star, note and recovery codes. A stored
 * account's note and codes are sent only once revealed, so a save never blanks what it did not show.
 */
export function useAccountKit(account: Account | undefined) {
  const hasSecrets =
    account !== undefined && (account.has_note === true || (account.recovery_codes?.total ?? 0) > 0);
  const [tags, setTags] = useState<string[]>(account?.tags?.map((tag) => tag.name) ?? []);
  const [favorite, setFavorite] = useState(account?.favorite === true);
  const [recovery, setRecovery] = useState<RecoveryDraft | null>(hasSecrets ? null : { note: '', codes: '' });
  return {
    tags,
    setTags,
    favorite,
    setFavorite,
    recovery,
    setRecovery,
    /** The stored account whose note and codes must be revealed before they are edited. */
    lockedId: hasSecrets ? account.id : undefined,
    body: () => ({
      tags,
      favorite,
      ...(recovery ? recoveryBody(recovery) : {}),
    }),
  };
}
