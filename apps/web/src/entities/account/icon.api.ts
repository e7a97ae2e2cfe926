import { api, unwrap } from '../../api/client';
import { formData } from './account.api';

/** Offline, the logos come from the unlocked device copy (data URLs), not from the server. */
let copyIcons: Readonly<Record<string, string>> | null = null;

export function showCopyIcons(icons: Readonly<Record<string, string>> | null): void {
  copyIcons = icons;
}

export function iconUrl(icon: string): string {
  return copyIcons?.[icon] ?? `/storage/icons/${encodeURIComponent(icon)}`;
}

/** Stores an uploaded icon; it stays temporary until an account is saved with it. */
export function uploadIcon(file: File) {
  return unwrap(
    api.POST('/api/v1/icons', {
      body: { icon: file },
      bodySerializer: (body) => formData(body as Record<string, Blob>),
    }),
  );
}

/**
 * The service's official logo as a temporary icon, or null when the server has none or refuses:
 * a missing logo is only a warning.
 */
export async function fetchOfficialIcon(service: string): Promise<string | null> {
  const { data, response } = await api.POST('/api/v1/icons/default', { body: { service } });
  return response.status === 201 && data ? data.filename : null;
}

/**
 * Deletes an icon file that was never saved with an account. Only such files may be deleted this
 * way: an icon in use belongs to its account, and the server drops it with the account.
 */
export function deleteTemporaryIcon(filename: string | null | undefined): void {
  if (!filename) return;
  void api.DELETE('/api/v1/icons/{filename}', { params: { path: { filename } } }).catch(() => undefined);
}
