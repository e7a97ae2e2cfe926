import { useState } from 'react';
import { isApiError } from '../../api/client';
import type { Account } from '../../entities/account/account.api';
import { revealedExtrasBody, type RevealedExtrasDraft } from './RevealedExtrasFields';

/**
 * What the form edits beside the OTP parameters: tags, websites, star, note and recovery codes. A stored
 * account's note and codes are sent only once revealed (or typed), so a save never blanks what it did
 * not show.
 */
export function useAccountExtras(account: Account | undefined) {
  const hasSecrets =
    account !== undefined && (account.has_note === true || (account.recovery_codes?.total ?? 0) > 0);
  const [tags, setTagList] = useState<string[]>(account?.tags ?? []);
  const [tagsTouched, setTagsTouched] = useState(false);
  const [websites, setWebsiteList] = useState<string[]>(account?.websites ?? []);
  const [websitesTouched, setWebsitesTouched] = useState(false);
  const [websitesError, setWebsitesError] = useState<string | undefined>();
  const starred = account?.favorite === true;
  const [favorite, setFavorite] = useState(starred);
  const [revealed, setDraft] = useState<RevealedExtrasDraft | null>(
    hasSecrets ? null : { note: '', codes: '' },
  );
  // Only what the person changed is sent: what another device stored meanwhile stays.
  const [touched, setTouched] = useState(false);
  const setTags = (list: string[]) => {
    setTagList(list);
    setTagsTouched(true);
  };
  const setWebsites = (list: string[]) => {
    setWebsiteList(list);
    setWebsitesTouched(true);
  };
  const setRevealed = (draft: RevealedExtrasDraft) => {
    setDraft(draft);
    setTouched(true);
  };
  return {
    tags,
    setTags,
    websitesField: { websites, onChange: setWebsites, error: websitesError },
    /** Keeps the server's refusal of a website (it names each `websites.N`) for the field. */
    refuseWebsites: (error: unknown): boolean => {
      const refused = isApiError(error)
        ? Object.entries(error.fieldErrors).find(([field]) => field.startsWith('websites'))?.[1][0]
        : undefined;
      setWebsitesError(refused);
      return refused !== undefined;
    },
    favorite,
    setFavorite,
    revealedField: {
      draft: revealed,
      onChange: setRevealed,
      /** The stored account whose note and codes must be revealed before they are edited. */
      lockedId: hasSecrets ? account.id : undefined,
    },
    body: () => ({
      ...(tagsTouched ? { tags } : {}),
      ...(websitesTouched ? { websites } : {}),
      ...(favorite === starred ? {} : { favorite }),
      ...(revealed && touched ? revealedExtrasBody(revealed) : {}),
    }),
  };
}
