import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { notify } from '../../ui/notify';
import { deleteTemporaryIcon, fetchOfficialIcon, uploadIcon } from '../../entities/account/icon.api';

/**
 * The icon of a form. An uploaded or fetched icon is temporary until the account is saved:
 * replacing or removing it deletes the file, and so does leaving the form without saving. Icons
 * already saved with an account are the server's business (it deletes them with the account).
 */
export function useIconState(initial: string | null) {
  const { t } = useTranslation('accountForm');
  const [icon, setIconValue] = useState<string | null>(initial);
  const temporary = useRef<string | null>(null);
  const saved = useRef(false);

  const replace = useCallback((next: string | null, isTemporary: boolean) => {
    if (temporary.current && temporary.current !== next) deleteTemporaryIcon(temporary.current);
    temporary.current = isTemporary ? next : null;
    setIconValue(next);
  }, []);

  // Leaving the form without saving: the temporary icon goes.
  useEffect(
    () => () => {
      if (!saved.current) deleteTemporaryIcon(temporary.current);
    },
    [],
  );

  const upload = useMutation({
    mutationFn: uploadIcon,
    meta: { handles: [422] },
    onSuccess: (result) => replace(result.filename, true),
    onError: (error) => {
      if (isApiError(error, 422))
        notify('warning', Object.values(error.fieldErrors)[0]?.[0] ?? error.message);
    },
  });

  const fetchLogo = useMutation({
    mutationFn: fetchOfficialIcon,
    onSuccess: (filename, service) => {
      if (filename) replace(filename, true);
      else notify('warning', t('icon.noLogo', { service }));
    },
    onError: (_error, service) => notify('warning', t('icon.noLogo', { service })),
  });

  return {
    icon,
    /** A new temporary icon (from a preview), or null. */
    setTemporary: (next: string | null) => replace(next, next !== null),
    setSaved: (next: string | null) => replace(next, false),
    remove: () => replace(null, false),
    upload,
    fetchLogo,
    /** Call once the account is stored: the icon is no longer temporary. */
    markSaved: () => {
      saved.current = true;
      temporary.current = null;
    },
  };
}

export type IconState = ReturnType<typeof useIconState>;
